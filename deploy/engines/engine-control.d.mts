export function killBroker(runDir: string, nodeId: number): Promise<{ restart(): Promise<void> }>;

/** Stops the PostgreSQL under FerretDB of the engines recorded in `runDir`; `restart` starts it again as it was. */
export function stopPostgres(runDir: string): Promise<{ restart(): Promise<void> }>;

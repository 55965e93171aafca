export function killBroker(runDir: string, nodeId: number): Promise<{ restart(): Promise<void> }>;

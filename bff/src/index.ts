export { startBff, WORKER_HEADER, type BffDependencies, type RunningBff } from './start-bff.js';
export {
  bffConfigSchema,
  standaloneBffConfigSchema,
  testDataEnabled,
  type BffConfig,
  type StandaloneBffConfig,
} from './config.js';

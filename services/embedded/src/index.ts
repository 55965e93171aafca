export { embeddedConfigSchema, startPlatform, type EmbeddedConfig, type RunningPlatform } from './platform.js';

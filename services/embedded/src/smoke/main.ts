/** `npm run smoke -- <base URL> <admin e-mail> <admin password>`: checks a deployment end to end (smoke.ts). */
import { runSmoke } from './smoke.js';

const [baseUrl, adminEmail, adminPassword] = process.argv.slice(2);
if (!baseUrl || !adminEmail || !adminPassword) {
  console.error('usage: npm run smoke -- <base URL> <admin e-mail> <admin password>');
  process.exit(2);
}
const started = performance.now();
try {
  await runSmoke({
    baseUrl,
    adminEmail,
    adminPassword,
    onStep: ({ step, ms }) => console.log(`ok  ${String(ms).padStart(6)} ms  ${step}`),
  });
  console.log(`smoke test passed in ${Math.round(performance.now() - started)} ms against ${baseUrl}`);
} catch (error) {
  console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

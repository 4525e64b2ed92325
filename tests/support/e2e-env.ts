/**
 * Where the e2e server runs: port E2E_PORT (default 4391) with its own data folder, so
 * two runs on different ports never share (or delete) each other's data.
 */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4391);
export const E2E_DATA_DIR = `.test-data/e2e-${E2E_PORT}`;

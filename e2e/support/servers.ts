/** The two servers the specs run against: one per region, each with its own fresh database. */
const root = 'e2e/.tmp';

function server(region: 'us' | 'cn', port: number, basePath: string) {
  const dataDir = `${root}/data-${region}`;
  return {
    region,
    port,
    basePath,
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${basePath}`,
    command: `rm -rf ${dataDir} && REGION=${region} PORT=${port} DATA_DIR=${dataDir} LOG_LEVEL=warn npx tsx server/src/main.ts`,
  };
}

export const servers = {
  us: server('us', 8301, '/account/secure'),
  cn: server('cn', 8302, '/secure'),
};

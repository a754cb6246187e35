/** The servers the specs run against: one per region, each with its own fresh database, and a local OIDC provider. */
const root = 'e2e/.tmp';

export const OIDC = {
  port: 8309,
  issuer: 'http://127.0.0.1:8309',
  clientId: 'ac-e2e',
  clientSecret: 'ac-e2e-secret-0123456789abcdef',
};

/** Every browser in the run comes from 127.0.0.1: the per-IP captcha threshold is raised for it. */
function server(region: 'us' | 'cn', port: number, basePath: string, oidcProvider: 'GOOGLE' | 'WX') {
  const dataDir = `${root}/data-${region}`;
  const oauth = [
    `OAUTH_${oidcProvider}_ISSUER=${OIDC.issuer}`,
    `OAUTH_${oidcProvider}_CLIENT_ID=${OIDC.clientId}`,
    `OAUTH_${oidcProvider}_CLIENT_SECRET=${OIDC.clientSecret}`,
  ].join(' ');
  return {
    region,
    port,
    basePath,
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${basePath}`,
    command: `rm -rf ${dataDir} && REGION=${region} PORT=${port} DATA_DIR=${dataDir} LOG_LEVEL=warn CAPTCHA_FREE_SENDS_PER_IP=1000 ${oauth} npx tsx server/src/main.ts`,
  };
}

export const servers = {
  us: server('us', 8301, '/account/secure', 'GOOGLE'),
  cn: server('cn', 8302, '/secure', 'WX'),
};

/**
 * The e2e ports (servers 8301-8305, OIDC 8309, SMTP sink 8310/8311, Stripe fake 8312, SMS fake 8313,
 * native login fakes 8314, PayPal fake 8315, the servers' readiness answer 8316, Nuonuo fake 8317,
 * FaceID fake 8318, FastSpring fake 8319, Alipay fake 8320, Google Play fake 8321), moved
 * together by E2E_PORT_OFFSET (as are the journey databases' names, support/servers.ts) so two runs
 * on one machine do not share servers or databases.
 */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const port = (base: number) => base + PORT_OFFSET;

/** Answers once every fake and product server is up (support/start-servers.ts). */
export const SERVERS_READY_PORT = port(8316);

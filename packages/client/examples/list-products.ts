/**
 * Logs in and prints the product list (catalogue) and the user's memberships.
 * AC_URL (default http://127.0.0.1:8080), AC_ACCOUNT, AC_PASSWORD.
 */
import { calls, createClient } from '@ac/client';

const client = createClient({
  baseUrl: process.env.AC_URL ?? 'http://127.0.0.1:8080',
  clientInfo: { clientType: 'User_PC', clientVersion: '1.0', language: 'en' },
});
const answer = await client.call(calls.session.login, {
  account: process.env.AC_ACCOUNT ?? 'demo@example.com',
  password: process.env.AC_PASSWORD ?? 'Demo-2026-pass',
});
// an account with two-step verification answers a ticket for calls.session.loginSecondStep instead
if (!('utoken' in answer)) throw new Error('this account uses two-step verification: sign in through the browser');
const login = answer;
console.log(`logged in as ${login.userInfo.name}`);
const catalogue = await client.call(calls.products.catalog, {}, { token: login.utoken });
for (const item of catalogue.rows)
  console.log(`product ${item.goodsCode} ${item.name} ${item.price.amount} ${item.price.currency}`);
const mine = await client.call(calls.memberships.mine, {}, { token: login.utoken });
for (const p of mine.rows) console.log(`membership ${p.goodsCode} until ${p.expireTime}`);

// The drizzle schema, gathered for the client factory and drizzle-kit.
export * from './auth.ts';
export * from './avatars.ts';
export * from './captcha.ts';
export * from './commerce.ts';
export * from './companies.ts';
export * from './coupons.ts';
export * from './data-exports.ts';
export * from './devices.ts';
export * from './invoices.ts';
export * from './payments.ts';
export * from './registration.ts';
export * from './second-factors.ts';
export * from './staff.ts';
export * from './subscriptions.ts';
export * from './third-party.ts';
export * from './trade.ts';
export * from './users.ts';

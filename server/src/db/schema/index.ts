// The drizzle schema, gathered for the client factory and drizzle-kit.
export * from './auth.ts';
export * from './commerce.ts';
export * from './devices.ts';
export * from './users.ts';

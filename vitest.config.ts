import { defineConfig } from 'vitest/config';

const projects = [{ test: { name: 'protocol', root: 'packages/protocol', include: ['src/**/*.test.ts'] } }];
export default defineConfig({ test: { projects } });

/**
 * zod compiles object parsers with `new Function` when it may; it probes
 * for that once with `Function('')`, which the Content-Security-Policy
 * (`script-src 'self'`, docs/protocol.md#security-rules) refuses and reports
 * as a violation. Imported first by main.tsx so no parser probes.
 */
import { config } from 'zod';

config({ jitless: true });

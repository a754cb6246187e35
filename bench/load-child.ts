/** One autocannon run in its own (pinned) process: reads {request, opts} on stdin, prints the Load as JSON. */
import { load } from './load.ts';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { request, opts } = JSON.parse(input);
console.log(JSON.stringify(await load(request, opts)));

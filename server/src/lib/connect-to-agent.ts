/**
 * An HTTP agent that opens its connections to `target` whatever host the URL
 * names: a Tencent Cloud SDK client keeps naming and signing for its API host
 * while talking to a private gateway or a local fake of the API (the
 * *_CONNECT_TO settings, refused in production).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

export function connectToAgent(target: URL): http.Agent {
  const host = target.hostname;
  if (target.protocol === 'https:') {
    const agent = new https.Agent();
    const port = Number(target.port) || 443;
    agent.createConnection = (options) => tls.connect({ ...(options as tls.ConnectionOptions), host, port });
    return agent;
  }
  const agent = new http.Agent();
  const port = Number(target.port) || 80;
  agent.createConnection = () => net.createConnection({ host, port });
  return agent;
}

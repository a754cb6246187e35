import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { syncServerNodes } from '../../seed/seed.ts';
import { createNodesRepo } from './nodes.repo.ts';

const nodes = [
  { code: 'cn-north', name: 'China', region: 'cn', url: 'https://cn.example.com/' },
  { code: 'us', name: 'International', region: 'us', url: 'https://www.example.com' },
];
const NODE_SECRET = 'a-node-secret-of-at-least-32-characters';

describe('NODE_CODE and SERVER_NODES', () => {
  it('default to the region and no other node', () => {
    expect(loadConfig({})).toMatchObject({ nodeCode: 'us', serverNodes: [] });
    expect(loadConfig({ REGION: 'cn' })).toMatchObject({ nodeCode: 'cn', serverNodes: [] });
  });

  it('read a JSON array of nodes (trailing slash dropped)', () => {
    const config = loadConfig({ NODE_CODE: 'us', SERVER_NODES: JSON.stringify(nodes), NODE_SECRET });
    expect(config.serverNodes[0]).toEqual({ ...nodes[0], url: 'https://cn.example.com' });
  });

  it('stop the start naming the variable when wrong', () => {
    const wrong: Record<string, string | undefined>[] = [
      { SERVER_NODES: '[{' },
      { SERVER_NODES: JSON.stringify([{ code: 'x', name: 'X', region: 'eu', url: 'https://x.example.com' }]) },
      { SERVER_NODES: JSON.stringify([nodes[1], nodes[1]]) },
      { NODE_CODE: 'Not Valid' },
      // another node is asked with NODE_SECRET, without which it answers like any lookup
      { NODE_SECRET: undefined, NODE_CODE: 'us', SERVER_NODES: JSON.stringify(nodes) },
    ];
    for (const env of wrong) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(name));
    }
  });
});

describe('the node list at start', () => {
  const t = testAppForTests({ env: { NODE_CODE: 'us', SERVER_NODES: JSON.stringify(nodes), NODE_SECRET } });

  it('holds SERVER_NODES and this node at its own PUBLIC_URL', async () => {
    expect(await createNodesRepo(t.db).listNodes()).toEqual([
      { code: 'cn-north', name: 'China', region: 'cn', url: 'https://cn.example.com/secure' },
      { code: 'us', name: 'International', region: 'us', url: 'http://127.0.0.1:8080/account/secure' },
    ]);
  });

  it('drops nodes no longer configured', async () => {
    await syncServerNodes(t.db, loadConfig({ NODE_CODE: 'edge-1', PUBLIC_URL: 'https://edge.example.com' }));
    expect(await createNodesRepo(t.db).listNodes()).toEqual([
      { code: 'edge-1', name: 'International', region: 'us', url: 'https://edge.example.com/account/secure' },
    ]);
  });
});

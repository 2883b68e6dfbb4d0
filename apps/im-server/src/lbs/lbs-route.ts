import type { FastifyInstance } from 'fastify';

export interface LbsOptions {
  /** The WebSocket URL handed out, e.g. ws://127.0.0.1:3200/ws. Resolved at request time (port 0). */
  publicWsUrl: () => string;
  /**
   * Location URLs of other nodes, tried in order when this one fails (im-client-spec §4 "Location lookup";
   * issue 34 §1). Every node may be given the same list of all nodes: its own URL is left out of its answer.
   */
  backupLinks?: () => string[];
  /** This node's own location URL(s) as the list may name them, left out of `lbs.backup`. */
  ownLbsUrls?: () => string[];
  /** Object-store edges for chunked uploads, tried in order (§7 "nos-chunk"; issue 13 edge failover). */
  uploadEdges?: () => string[];
  /**
   * common["msg.stat.enable"] and common.report (issue 30 §4; docs/im-background.md "Telemetry and probes"):
   * whether clients send message-delay beacons, where failures and beacons go, and the failure throttle.
   */
  telemetry?: () => { msgStatEnable: boolean; report: { lbsFailureUrl: string; msgDelayUrl: string; throttleMs: number } };
}

/**
 * Location service (im-client-spec §7 "HTTP calls"): GET /lbs?id&sv&pv&networkType&k answers
 * {common: {link, "link.default", "lbs.backup", "msg.stat.enable", report}}. id and k are required;
 * anything malformed gets 400 with a message, never a crash.
 */
export function registerLbsRoute(app: FastifyInstance, options: LbsOptions, appKey: string): void {
  app.get('/lbs', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const account = typeof query.id === 'string' ? query.id : '';
    const key = typeof query.k === 'string' ? query.k : '';
    const networkType = query.networkType === undefined ? '0' : String(query.networkType);
    if (!account || !key) return reply.code(400).send({ code: 414, msg: 'id and k are required' });
    if (!['0', '1', '2'].includes(networkType)) return reply.code(400).send({ code: 414, msg: 'networkType must be 0, 1 or 2' });
    if (key !== appKey) return reply.code(403).send({ code: 403, msg: 'unknown app key' });
    const link = options.publicWsUrl();
    const own = new Set(options.ownLbsUrls?.() ?? []);
    const listed = options.backupLinks?.() ?? [];
    // A list naming only this node (the single-node default) is kept: there is nothing else to name.
    const others = listed.filter((url) => !own.has(url));
    const backups = others.length > 0 ? others : listed;
    const edges = options.uploadEdges?.() ?? [];
    const telemetry = options.telemetry?.();
    return {
      // §7: the upload host and the chunk-upload edges (docs/im-upload.md "Server").
      nosup: edges[0] ?? '',
      'nos-chunk': edges,
      common: {
        link,
        'link.default': link,
        'lbs.backup': backups,
        'msg.stat.enable': telemetry?.msgStatEnable ?? false,
        ...(telemetry ? { report: telemetry.report } : {}),
      },
    };
  });
}

/**
 * The location URL of the node a public WebSocket link names: same host, http(s), `/lbs` in place of
 * the socket path (wss://im1.example/ws → https://im1.example/lbs). Used to find a node's own entry
 * in a backup list shared by every node.
 */
export function lbsUrlOfWsLink(wsLink: string, websocketPath: string): string {
  const url = new URL(wsLink);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = url.pathname.endsWith(websocketPath) ? `${url.pathname.slice(0, -websocketPath.length)}/lbs` : '/lbs';
  url.search = '';
  return url.toString();
}

import type { FastifyInstance } from 'fastify';
import { ImTokenError, ResponseCode, verifyImToken } from '../protocol';
import { ImServerError } from '../domain/errors';
import type { ChatroomService } from '../domain/chatroom/chatroom-service';

export interface ChatroomRouteOptions {
  appKey: string;
  tokenSecret: string;
  now: () => number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * POST /chatrooms: the spec shows no create command, so a room is created over HTTP by an account
 * holding an IM token (`Authorization: Bearer <token>`, the token store-server issues), who becomes
 * its owner (docs/im-chatroom.md "Creating rooms"). Body JSON {id?, name, announcement?,
 * broadcastUrl?, custom?, queuelevel?, allowAnonymous?}; answers {code: 200, chatroom: {id, name,
 * creator}}, or {code, msg} with 401, 414 (400), 417 (409).
 */
export function registerChatroomRoutes(app: FastifyInstance, rooms: () => ChatroomService, options: ChatroomRouteOptions): void {
  app.post('/chatrooms', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    let creator: string;
    try {
      const claims = verifyImToken(token, options.tokenSecret, Math.floor(options.now() / 1000));
      if (claims.appKey !== options.appKey) throw new ImTokenError('malformed');
      creator = claims.accid;
    } catch {
      return reply.code(401).send({ code: ResponseCode.WRONG_CREDENTIALS, msg: 'an IM token is required (Authorization: Bearer <token>)' });
    }
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const queuelevel = body.queuelevel;
    try {
      const room = await rooms().create({
        ...(str(body.id) !== undefined ? { id: str(body.id) } : {}),
        name: str(body.name) as string,
        creator,
        announcement: str(body.announcement),
        broadcastUrl: str(body.broadcastUrl),
        custom: str(body.custom),
        queuelevel: typeof queuelevel === 'number' ? queuelevel : undefined,
        allowAnonymous: body.allowAnonymous === true,
      });
      return { code: ResponseCode.OK, chatroom: { id: room.id, name: room.name, creator: room.creator } };
    } catch (error) {
      if (!(error instanceof ImServerError)) throw error;
      const status = error.code === ResponseCode.DUPLICATE_OPERATION ? 409 : 400;
      return reply.code(status).send({ code: error.code, msg: error.message });
    }
  });
}

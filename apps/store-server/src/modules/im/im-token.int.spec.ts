import { verifyImToken } from '@merchant/im-core/server';
import type { FastifyRequest } from 'fastify';
import { STORE_STATUS } from '@merchant/api-contracts';
import type { MediaFileUrls } from '../media';
import type { ImRepository } from './im.repository';
import { ImService } from './im.service';

// The IM token is how im-server learns about a store's account (docs/protocol.md "Multi-port, kicks and
// login refusals"): a store with status 4 gets a token marked disabled, which im-server refuses with 422.

const SECRET = 'unit-im-secret';
const caller = { userId: 7, storeId: 1001, accessToken: 'x' };
const media = { signedUrlsOfKeys: async () => new Map() } as unknown as MediaFileUrls;

function serviceFor(storeStatus: number) {
  const repository = { findProfile: async () => ({ store_name: 'Shop', store_status: storeStatus, nickname: 'Ann', avatar_object_key: null }) } as unknown as ImRepository;
  return new ImService(repository, { imTokenSecret: SECRET, imAppKey: 'merchant-im' }, media);
}

describe('ImService.token (issue 31)', () => {
  it('marks the token disabled for a disabled store (status 4) only', async () => {
    const disabled = await serviceFor(STORE_STATUS.disabled).token(caller, {} as FastifyRequest);
    expect(verifyImToken(disabled.imToken, SECRET)).toMatchObject({ accid: 's_1001', disabled: true });
    const approved = await serviceFor(STORE_STATUS.approved).token(caller, {} as FastifyRequest);
    expect(verifyImToken(approved.imToken, SECRET).disabled).toBeUndefined();
  });
});

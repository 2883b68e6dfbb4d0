// Onboarding screens on the real manifest and guard, against the fake store-server.
import { screen, waitFor, within } from '@testing-library/react';
import { mediaLibraryPaths } from '@merchant/media-library';
import { renderConsole, waitForPath } from '../../../test/renderConsole';
import dayjs from 'dayjs';
import { PERMISSIONS, STORE_CODES, type WireProblem } from '@merchant/api-contracts';
import { DEMO_OWNER, DEMO_USER, createFakeStoreServer, type Envelope, type FakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { installInertWorker } from '../../../test/inertWorker';
import { formToDraft } from './storeInfoSchema';

installInertWorker();

/** The new store's media library: one licence photo (issue 26 §1: the licence image is picked there, never typed). */
const MEDIA = mediaLibraryPaths();
const LICENSE_PHOTO = {
  fileId: 41,
  objectName: 'licence.png',
  objectUrl: 'http://127.0.0.1:3100/v1/store/media/objects/get?key=store-2001%2Flicence.png&expires=1&signature=x',
  objectSuffix: 'png',
  catalogPath: '/noWatermark',
  createDate: 1_763_900_000,
  referenceCount: 0,
  fileTags: [],
};
function withLicencePhoto(server: FakeStoreServer) {
  server.on(MEDIA.queryCatalogListByPath, () => ok([{ path: '/noWatermark', name: 'noWatermark', catalogList: [] }]));
  server.on(MEDIA.queryResourceFileListByPath, ({ biz }) => ok({ list: [LICENSE_PHOTO], total: 1, pageNum: biz.pageNum ?? 1, pageSize: biz.pageSize ?? 5 }));
}

const USER = '/v1/store/eshop/store/user';
const ok = (data: unknown = null) => ({ code: '00000000', msg: 'success', data });
const storeWithStatus = (storeStatus: number, token: string): FakeUser => ({ ...DEMO_USER, userName: `store_${storeStatus}`, token, info: { ...DEMO_USER.info, storeStatus, storeName: 'Blue Lamp Store' } });

describe('userReg', () => {
  it('shows the §5 rules in the user language and sends nothing while the form is invalid', async () => {
    const { user, server } = renderConsole({ path: '/registered/userReg' });
    await user.type(await screen.findByTestId('reg-username'), 'new merchant');
    await user.type(screen.getByTestId('reg-password'), 'password');
    await user.type(screen.getByTestId('reg-confirm-password'), 'password2');
    await user.type(screen.getByTestId('reg-mobile'), '12345');
    await user.click(screen.getByTestId('reg-submit'));
    // The registerUser contract's rules, said by the form kit; the confirmation is the console's own rule.
    expect(await screen.findByText('password must contain at least one digit')).toBeInTheDocument();
    expect(screen.getByText('the two entries differ')).toBeInTheDocument();
    expect(screen.getByText('user name must be 6 to 20 letters, digits, underscores or hyphens')).toBeInTheDocument();
    expect(screen.getByTestId('reg-mobile')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('reg-send-code'));
    expect(server.callsTo('/sendRegisterCheckCode')).toEqual([]);
    expect(server.callsTo('/registerUser')).toEqual([]);
  });

  it('sends a check code, registers, signs the new merchant in and continues to the store type', async () => {
    const fresh = storeWithStatus(0, 'token-fresh');
    const server = createFakeStoreServer([DEMO_USER, fresh]);
    server.on(`${USER}/sendRegisterCheckCode`, () => ok({ expiresInSeconds: 300 }));
    server.on(`${USER}/registerUser`, () => ok({ accessToken: fresh.token, storeStatus: 0 }));
    const { user, location } = renderConsole({ path: '/registered/userReg', server });
    await user.type(await screen.findByTestId('reg-username'), 'new_merchant');
    await user.type(screen.getByTestId('reg-password'), 'Secret123');
    await user.type(screen.getByTestId('reg-confirm-password'), 'Secret123');
    await user.type(screen.getByTestId('reg-mobile'), '13900000002');
    await user.click(screen.getByTestId('reg-send-code'));
    await waitFor(() => expect(screen.getByTestId('reg-send-code')).toHaveTextContent(/Resend in \d+ s/));
    expect(server.callsTo('/sendRegisterCheckCode').map((c) => c.biz)).toEqual([{ mobile: '13900000002' }]);
    await user.type(screen.getByTestId('reg-check-code'), '123456');
    await user.click(screen.getByTestId('reg-submit'));
    await waitForPath(location, '/registered/storeMsg');
    expect(server.callsTo('/registerUser').map((c) => c.biz)).toEqual([
      { userName: 'new_merchant', password: 'Secret123', mobile: '13900000002', checkCode: '123456' },
    ]);
    expect(await screen.findByTestId('store-type-3')).toBeInTheDocument();
  });
});

describe('resultReg', () => {
  it('shows a store under review as under review, with no way into the console', async () => {
    const reviewing = storeWithStatus(1, 'token-review');
    renderConsole({ path: '/registered/resultReg', token: reviewing.token, server: createFakeStoreServer([reviewing]) });
    expect(await screen.findByTestId('review-status')).toHaveTextContent('Current status: under review');
    expect(screen.queryByTestId('review-enter')).not.toBeInTheDocument();
    expect(screen.queryByTestId('review-resubmit')).not.toBeInTheDocument();
  });

  it('switches account by logging out on the server, then signing in again', async () => {
    const reviewing = storeWithStatus(1, 'token-review');
    const { user, server, location } = renderConsole({ path: '/registered/resultReg', token: reviewing.token, server: createFakeStoreServer([reviewing]) });
    await user.click(await screen.findByTestId('review-switch-account'));
    await waitForPath(location, '/login');
    expect(server.callsTo('/logout').map((call) => call.biz)).toEqual([{ accessToken: reviewing.token }]);
  });

  it('shows the rejection reason and re-submits by recovering the application into the draft', async () => {
    const rejected = storeWithStatus(3, 'token-rejected');
    const server = createFakeStoreServer([rejected]);
    server.on(`${USER}/getStoreInfoByToken`, () => ok({
        storeId: 1003,
        storeName: 'Blue Lamp Store',
        storeStatus: 3,
        storeType: 2,
        principalType: 1,
        email: '',
        mobile: '13900000003',
        cityCode: '440300',
        rejectReason: 'Licence photo is blurred',
        forbiddenReason: '',
        agreementAccepted: true,
        storeInfo: { storeName: 'Blue Lamp Store', storeType: 2 },
      }));
    server.on(`${USER}/recoveryStoreInfoByToken`, () => ok({ storeName: 'Blue Lamp Store', storeType: 2 }));
    server.on(`${USER}/getStorageStoreInfoByToken`, () => ok({ storeName: 'Blue Lamp Store', storeType: 2 }));
    const { user, location } = renderConsole({ path: '/registered/resultReg', token: rejected.token, server });
    expect(await screen.findByTestId('review-status')).toHaveTextContent('Current status: rejected');
    expect(await screen.findByTestId('review-reject-reason')).toHaveTextContent('Rejection reason: Licence photo is blurred');
    await user.click(screen.getByTestId('review-resubmit'));
    await waitForPath(location, '/registered/shopMsg');
    expect(server.callsTo('/recoveryStoreInfoByToken')).toHaveLength(1);
    expect(await screen.findByTestId('shop-storeName')).toHaveValue('Blue Lamp Store');
    expect(screen.getByTestId('shop-draft-restored')).toBeInTheDocument();
  });

  it('sends a store that has not submitted yet (status 0) to complete its shop info', async () => {
    const fresh = storeWithStatus(0, 'token-fresh');
    const server = createFakeStoreServer([fresh]);
    server.on(`${USER}/getStorageStoreInfoByToken`, () => ok({}));
    const { location } = renderConsole({ path: '/registered/resultReg', token: fresh.token, server });
    await waitForPath(location, '/registered/shopMsg');
  });
});

describe('shopMsg', () => {
  it('sends a visitor without a token to /login?redirect=/dashboard (console-spec §2)', async () => {
    const { location } = renderConsole({ path: '/registered/shopMsg' });
    await waitForPath(location, '/login?redirect=/dashboard');
  });

  it('marks invalid fields, saves only valid ones as the draft, and a service store goes on to the agreement', async () => {
    const fresh = storeWithStatus(0, 'token-fresh');
    const server = createFakeStoreServer([fresh]);
    let stored: Record<string, unknown> = {};
    server.on(`${USER}/getStorageStoreInfoByToken`, () => ok(stored));
    server.on(`${USER}/temporaryStorageStoreInfo`, ({ biz }) => {
      stored = biz;
      return ok({ saved: true });
    });
    server.on('/v1/store/common/city/list', () => ok({ list: [{ cityCode: '440300', cityName: 'Shenzhen', parentCode: '440000', level: 2 }] }));
    server.on('/v1/store/eshop/expand/category/tree', () => ok({ list: [{ id: 1, categoryName: 'Home', parentId: 0, level: 1, children: [{ id: 11, categoryName: 'Lamps', parentId: 1, level: 2 }] }] }));
    withLicencePhoto(server);
    const { user, location } = renderConsole({ path: '/registered/shopMsg?storeType=3', token: fresh.token, server });
    await user.type(await screen.findByTestId('shop-storeName'), 'Fix It Service');
    await user.type(screen.getByTestId('shop-licenseNumber'), 'lowercase');
    await user.click(screen.getByTestId('shop-next'));
    // The store info contract's rules, said by the form kit with the fields' labels.
    expect(await screen.findByText('Unified social credit code must be 18 digits or capital letters')).toBeInTheDocument();
    expect(screen.getByText('Business licence image is required')).toBeInTheDocument();
    expect(screen.getByTestId('shop-licenseNumber')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Business categories: at least 1')).toBeInTheDocument();
    expect(server.callsTo('/temporaryStorageStoreInfo')).toEqual([]);
    await user.click(screen.getByTestId('shop-save-draft'));
    await waitFor(() => expect(server.callsTo('/temporaryStorageStoreInfo')).toHaveLength(1));
    expect(stored).toEqual({ storeName: 'Fix It Service', storeType: 3, principalType: 2 });

    await user.clear(screen.getByTestId('shop-licenseNumber'));
    await user.type(screen.getByTestId('shop-licenseNumber'), '91440300MA5XXXXX0Y');
    for (const [testId, value] of [
      ['shop-address', '9 Test Road'], ['shop-contactName', 'Zhang San'], ['shop-contactMobile', '13900000002'],
      ['shop-legalPersonName', 'Zhang San'], ['shop-legalPersonIdNumber', '11010519491231002X'],
    ]) await user.type(screen.getByTestId(testId), value);
    // The licence image: picked in the media library.
    await user.click(within(screen.getByRole('group', { name: /Business licence image/ })).getByRole('button', { name: /click to upload/ }));
    const library = await screen.findByRole('dialog', { name: 'select image' });
    await user.click(await within(library).findByRole('checkbox', { name: 'choose licence.png' }));
    await user.click(within(library).getByRole('button', { name: 'confirm' }));
    await user.click(screen.getByTestId('shop-city'));
    await user.click(await screen.findByRole('option', { name: 'Shenzhen' }));
    await user.click(screen.getByTestId('shop-categories'));
    await user.click(await screen.findByRole('option', { name: 'Lamps' }));
    await user.click(screen.getByTestId('shop-next'));
    await waitForPath(location, '/registered/agrtSig');
    expect(stored).toMatchObject({ storeType: 3, cityCode: '440300', categoryIds: [11], licenseNumber: '91440300MA5XXXXX0Y', licenseImageUrl: LICENSE_PHOTO.objectUrl });
  });

  function shopInfoServer() {
    const fresh = storeWithStatus(0, 'token-fresh');
    const server = createFakeStoreServer([fresh]);
    server.on(`${USER}/getStorageStoreInfoByToken`, () => ok({}));
    server.on(`${USER}/temporaryStorageStoreInfo`, () => ok({ saved: true }));
    server.on('/v1/store/common/city/list', () => ok({ list: [] }));
    server.on('/v1/store/eshop/expand/category/tree', () => ok({ list: [] }));
    return { fresh, server };
  }

  it('takes the licence image from the media library only: no address box, and none picked is said in both languages', async () => {
    const { fresh, server } = shopInfoServer();
    const { user } = renderConsole({ path: '/registered/shopMsg', token: fresh.token, server });
    await screen.findByTestId('shop-storeName');
    const group = await screen.findByRole('group', { name: /Business licence image/ });
    expect(within(group).queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('shop-licenseImageUrl')).toBeNull();
    await user.click(screen.getByTestId('shop-next'));
    await waitFor(() => expect(group).toHaveAccessibleDescription('Business licence image is required'));
    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    await waitFor(() => expect(screen.getByRole('group', { name: /营业执照图片/ })).toHaveAccessibleDescription('请选择营业执照图片'));
    expect(server.callsTo('/temporaryStorageStoreInfo')).toEqual([]);
  });

  it('is no dead end: it offers the language switch and "switch account", which logs out and goes to sign-in', async () => {
    const { fresh, server } = shopInfoServer();
    const { user, location } = renderConsole({ path: '/registered/shopMsg', token: fresh.token, server });
    await screen.findByTestId('shop-storeName');
    expect(screen.getByTestId('onboarding-switch-account')).toHaveTextContent('Switch account');
    await user.selectOptions(screen.getByTestId('language-switch'), 'zh-CN');
    expect(await screen.findByRole('button', { name: '切换账号' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('完善店铺信息');
    await user.click(screen.getByTestId('onboarding-switch-account'));
    await waitForPath(location, '/login');
    expect(server.callsTo('/logout').map((call) => call.biz)).toEqual([{ accessToken: fresh.token }]);
  });
});

describe('brandAdd', () => {
  function brandServer(stored: Record<string, unknown>) {
    const fresh = storeWithStatus(0, 'token-fresh');
    const server = createFakeStoreServer([fresh]);
    const state = { stored };
    server.on(`${USER}/getStorageStoreInfoByToken`, () => ok(state.stored));
    server.on(`${USER}/temporaryStorageStoreInfo`, ({ biz }) => {
      state.stored = biz;
      return ok({ saved: true });
    });
    return { fresh, server, state };
  }

  it("checks the brand by the store info contract in the merchant's language, then saves it into the draft and goes on to the agreement", async () => {
    const { fresh, server, state } = brandServer({ storeName: 'Blue Lamp Store', storeType: 1 });
    const { user, location } = renderConsole({ path: '/registered/brandAdd', token: fresh.token, server });
    await user.click(await screen.findByTestId('brand-next'));
    expect(await screen.findByText('Brand name is required')).toBeInTheDocument();
    expect(screen.getByText('Authorisation valid until is required')).toBeInTheDocument();
    expect(screen.getByTestId('brand-name')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/temporaryStorageStoreInfo')).toEqual([]);
    await user.type(screen.getByTestId('brand-name'), '  Acme  ');
    await user.type(screen.getByTestId('brand-expire-date'), '2031-01-31');
    await user.click(screen.getByTestId('brand-next'));
    await waitForPath(location, '/registered/agrtSig');
    expect(state.stored).toEqual({ storeName: 'Blue Lamp Store', storeType: 1, brandName: 'Acme', brandExpireTime: dayjs('2031-01-31').endOf('day').unix() });
  });

  it('starts from the stored brand and shows a server problem on the date it belongs to', async () => {
    const { fresh, server } = brandServer({ storeType: 2, brandName: 'Acme', brandExpireTime: dayjs('2031-01-31').endOf('day').unix() });
    const problems: WireProblem[] = [{ field: 'brandExpireTime', problem: { rule: 'min', limit: 1 } }];
    server.on(`${USER}/temporaryStorageStoreInfo`, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { user, location } = renderConsole({ path: '/registered/brandAdd', token: fresh.token, server });
    expect(await screen.findByTestId('brand-name')).toHaveValue('Acme');
    expect(screen.getByTestId('brand-expire-date')).toHaveValue('2031-01-31');
    await user.click(screen.getByTestId('brand-next'));
    await waitFor(() => expect(screen.getByTestId('brand-expire-date')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByTestId('brand-expire-date')).toHaveAccessibleDescription('Authorisation valid until must be at least 1');
    expect(location()).toBe('/registered/brandAdd');
  });
});

describe('agrtSig', () => {
  const accepted = { agreementVersion: '2026-01', acceptTime: 1_763_900_000 };
  const pcHome = {
    storeName: 'Demo Flagship Store', storeStatus: 2, storeType: 1, isBlacklist: false, blacklistRemark: '',
    existsPromise: true, existsProtocol: false, storeLicenseDays: 200, brandExpiryDays: null,
  };
  /** An approved store with no agreement on record: storePcHome says so until storeAcceptAgreement succeeds. */
  function approvedWithoutAgreement(signedIn: FakeUser = DEMO_OWNER) {
    const server = createFakeStoreServer([signedIn]);
    const state = { signed: false };
    server.on(`${USER}/storePcHome`, () => ok({ ...pcHome, storeStatus: signedIn.info.storeStatus, existsProtocol: state.signed }));
    server.on('/v1/store/eshop/order/queryStoreOrderCount', () => ok({ total: 0, counts: [] }));
    server.on(`${USER}/storeAcceptAgreement`, () => {
      state.signed = true;
      return ok(accepted);
    });
    return { server, state };
  }

  it("an approved store follows the dashboard's prompt, only accepts the agreement and is back on the dashboard with a success notice, the draft untouched", async () => {
    const { server, state } = approvedWithoutAgreement();
    const { user, location } = renderConsole({ path: '/dashboard', token: DEMO_OWNER.token, server });
    // The shell's first render is slow on a busy machine, as renderSignedIn allows for.
    await user.click(within(await screen.findByTestId('dashboard-notice-protocol', undefined, { timeout: 10_000 })).getByRole('link', { name: 'Sign it' }));
    await waitForPath(location, '/registered/agrtSig');
    expect(await screen.findByTestId('agreement-text')).toBeInTheDocument();
    // Not the onboarding path: no stepper, no "incomplete shop info", back leads to the dashboard.
    expect(screen.queryByRole('navigation', { name: 'Onboarding progress' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('agreement-incomplete')).not.toBeInTheDocument();
    expect(screen.getByTestId('agreement-back')).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('agreement-submit')).toHaveTextContent('Accept and sign the agreement');
    await user.click(screen.getByTestId('agreement-submit'));
    expect(await screen.findByText('Please read and accept the agreement first')).toBeInTheDocument();
    expect(server.callsTo('/storeAcceptAgreement')).toEqual([]);
    await user.click(screen.getByTestId('agreement-accept'));
    await user.click(screen.getByTestId('agreement-submit'));
    await waitForPath(location, '/dashboard');
    expect(await screen.findByText('The merchant agreement is signed')).toBeInTheDocument();
    expect(state.signed).toBe(true);
    expect(server.callsTo('/storeAcceptAgreement')).toHaveLength(1);
    for (const draftCall of ['/getStorageStoreInfoByToken', '/temporaryStorageStoreInfo', '/registerStore']) expect(server.callsTo(draftCall)).toEqual([]);
    // The prompt is gone at once: the dashboard's cached notices know the agreement is on record.
    expect(await screen.findByTestId('dashboard-no-notices')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-notice-protocol')).not.toBeInTheDocument();
  });

  it('a disabled store (status 4) signs the same way, in zh-CN', async () => {
    const disabled: FakeUser = { ...DEMO_OWNER, info: { ...DEMO_OWNER.info, storeStatus: 4, forbiddenReason: 'late shipments' } };
    const { server } = approvedWithoutAgreement(disabled);
    const { user, location } = renderConsole({ path: '/registered/agrtSig', token: disabled.token, server });
    await user.selectOptions(await screen.findByTestId('language-switch'), 'zh-CN');
    await user.click(await screen.findByTestId('agreement-accept'));
    await user.click(screen.getByRole('button', { name: '同意并签署协议' }));
    await waitForPath(location, '/dashboard');
    expect(await screen.findByText('商家协议已签署')).toBeInTheDocument();
    expect(server.callsTo('/storeAcceptAgreement').map((call) => call.biz)).toEqual([{}]);
    expect(server.callsTo('/registerStore')).toEqual([]);
  });

  it('a staff member without shop:edit is told so and cannot send the acceptance', async () => {
    const staff: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.shopEdit) } };
    const { server } = approvedWithoutAgreement(staff);
    const { user } = renderConsole({ path: '/registered/agrtSig', token: staff.token, server });
    expect(await screen.findByTestId('agreement-no-permission')).toHaveTextContent('You have no permission to sign the agreement');
    await user.click(screen.getByTestId('agreement-accept'));
    expect(screen.getByTestId('agreement-submit')).toBeDisabled();
    expect(server.callsTo('/storeAcceptAgreement')).toEqual([]);
  });

  it('a store being onboarded (status 0) accepts and submits its complete draft for review, as before', async () => {
    const fresh = storeWithStatus(0, 'token-fresh');
    const server = createFakeStoreServer([fresh]);
    const draft = formToDraft({
      storeName: 'Fix It Service', storeType: 3, principalType: 1, cityCode: '440300', address: '9 Test Road', contactName: 'Zhang San',
      contactMobile: '13900000002', legalPersonName: 'Zhang San', legalPersonIdNumber: '11010519491231002X', licenseNumber: '91440300MA5XXXXX0Y',
      licenseImageUrl: { objectUrl: '/media/license.png' }, licenseExpireDate: '2030-06-30', categoryIds: [11],
    });
    server.on(`${USER}/getStorageStoreInfoByToken`, () => ok(draft));
    server.on(`${USER}/storeAcceptAgreement`, () => ok(accepted));
    server.on(`${USER}/registerStore`, () => {
      fresh.info.storeStatus = 1;
      return ok({ storeStatus: 1 });
    });
    const { user, location } = renderConsole({ path: '/registered/agrtSig', token: fresh.token, server });
    expect(await screen.findByRole('navigation', { name: 'Onboarding progress' })).toBeInTheDocument();
    expect(screen.getByTestId('agreement-submit')).toHaveTextContent('Accept and submit for review');
    await user.click(screen.getByTestId('agreement-accept'));
    await user.click(screen.getByTestId('agreement-submit'));
    await waitForPath(location, '/registered/resultReg');
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(server.callsTo('/storeAcceptAgreement')).toHaveLength(1);
    expect(server.callsTo('/registerStore').map((call) => call.biz)).toEqual([expect.objectContaining({ storeName: 'Fix It Service', storeType: 3, categoryIds: [11], licenseNumber: '91440300MA5XXXXX0Y' })]);
  });
});

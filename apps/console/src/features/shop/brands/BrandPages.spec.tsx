// The brand screens in the whole console against the fake store server (answers checked against the brands
// contract): /goods/brandApply and /shop/brandQuery/BrandApply/add are one form that checks its fields, submits the
// owner, the chain and the certificates by fileId, shows the submitted application and the store's applications,
// and shows a refusal in place; /shop/brandQuery opens an application's details; /shop/brandManagement flags the
// brands 0 to 60 days from their end.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALL_PERMISSION_CODES, BRAND_APPLICATION_STATUS, STORE_CODES, brandApplyBiz, brandEndpoints, type BrandApplicationRow, type WireProblem } from '@merchant/api-contracts';
import { mediaLibraryPaths } from '@merchant/media-library';
import { DEMO_USER, createFakeStoreServer, type Envelope, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderSignedIn } from '../../../../test/renderConsole';
import { installInertWorker } from '../../../../test/inertWorker';

const PATHS = mediaLibraryPaths();
const ok = (data: unknown) => ({ code: '00000000', msg: 'success', data });
const owner: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: [...ALL_PERMISSION_CODES] } };
const FILES = [1, 2].map((fileId) => ({
  fileId,
  objectName: `certificate-${fileId}.png`,
  objectUrl: `http://127.0.0.1:3100/v1/store/media/objects/get?key=s1001/${fileId}.png&expires=1&signature=x`,
  objectSuffix: 'png',
  catalogPath: '/noWatermark',
  createDate: 1_763_900_000 + fileId,
  referenceCount: 0,
  fileTags: [],
}));

function brandServer(applyAnswer: (biz: Record<string, unknown>) => Envelope) {
  const server = createFakeStoreServer([owner]);
  const applications: BrandApplicationRow[] = [];
  server.on(PATHS.queryCatalogListByPath, () => ok([{ path: '/noWatermark', name: 'noWatermark', catalogList: [] }, { path: '/watermark', name: 'watermark', catalogList: [] }]));
  server.on(PATHS.queryResourceFileListByPath, ({ biz }) => {
    const list = FILES.filter((file) => file.catalogPath === biz.path);
    return ok({ list, total: list.length, pageNum: biz.pageNum ?? 1, pageSize: biz.pageSize ?? 5 });
  });
  server.on(brandEndpoints.brandApplicationList.path, ({ biz }) => ok({ list: applications, total: applications.length, pageNum: biz.pageNum, pageSize: biz.pageSize }));
  server.on(brandEndpoints.brandApply.path, ({ biz }) => {
    const answer = applyAnswer(biz);
    if (answer.code === STORE_CODES.success) {
      applications.unshift({
        applicationId: (answer.data as { applicationId: number }).applicationId,
        brandName: String(biz.brandName),
        brandOwner: String(biz.brandOwner),
        authorisationChain: biz.authorisationChain as string[],
        brandExpireDate: String(biz.brandExpireDate),
        status: BRAND_APPLICATION_STATUS.submitted,
        daysLeft: 9000,
        expiringSoon: false,
        rejectReason: '',
        certificates: (biz.certificateFileIds as number[]).map((fileId) => ({ fileId, objectUrl: FILES[fileId - 1]!.objectUrl })),
        createTime: 1_790_000_000,
        reviewTime: 0,
      });
    }
    return answer;
  });
  return server;
}

installInertWorker();
afterEach(() => window.sessionStorage.clear());
// The whole console (MUI, router, transport) in jsdom: slow on the shared 2-core machine.
jest.setTimeout(90_000);

async function openPage(server: ReturnType<typeof brandServer>) {
  const rendered = await renderSignedIn({ server, path: '/goods/brandApply' });
  await screen.findByRole('heading', { name: 'Brand application', level: 1 }, { timeout: 20_000 });
  return rendered;
}

async function fillForm(user: Awaited<ReturnType<typeof openPage>>['user'], brandName: string) {
  await user.type(screen.getByRole('textbox', { name: /Brand name/ }), brandName);
  await user.type(screen.getByRole('textbox', { name: /Brand owner/ }), 'Acme Group');
  await user.type(screen.getByRole('textbox', { name: /Authorisation chain/ }), 'Acme Group{Enter}Acme China{Enter}');
  fireEvent.change(screen.getByLabelText(/Authorisation expires on/), { target: { value: '2099-12-31' } });
  const certificates = screen.getByRole('group', { name: /Brand authorisation certificate/ });
  await user.click(within(certificates).getByRole('button', { name: /select image|click to upload/i }));
  await user.click(await screen.findByRole('checkbox', { name: 'choose certificate-2.png' }, { timeout: 10_000 }));
  await user.click(screen.getByRole('button', { name: /^confirm$/i }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('brand application page', () => {
  it('checks the fields before calling the server', async () => {
    const server = brandServer(() => ok({ applicationId: 1, status: 1 }));
    const { user } = await openPage(server);
    expect(await screen.findByText('No brand applications yet')).toBeInTheDocument();
    await user.click(screen.getByTestId('brand-apply-submit'));
    // The contract's rules in the merchant's words, each on its field (bound to it as its description).
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Brand name/ })).toHaveAccessibleDescription('Brand name is required'));
    expect(screen.getByLabelText(/Authorisation expires on/)).toHaveAccessibleDescription('Authorisation expires on is required');
    expect(screen.getByRole('group', { name: /Brand authorisation certificate/ })).toHaveAccessibleDescription('Brand authorisation certificate is required');
    expect(screen.getByRole('textbox', { name: /Brand owner/ })).toHaveAccessibleDescription('Brand owner is required');
    expect(server.callsTo(brandEndpoints.brandApply.path)).toEqual([]);
  });

  it('submits the owner, the chain and the certificates by fileId, shows the application submitted and lists it', async () => {
    const server = brandServer(() => ok({ applicationId: 42, status: BRAND_APPLICATION_STATUS.submitted }));
    const { user } = await openPage(server);
    await fillForm(user, '  Acme Tiles ');
    await user.click(screen.getByTestId('brand-apply-submit'));

    expect(await screen.findByTestId('brand-apply-submitted')).toHaveTextContent('Brand application submitted; waiting for the platform review · Application 42, status: submitted');
    const [call] = server.callsTo(brandEndpoints.brandApply.path);
    expect(call!.biz).toEqual({ brandName: 'Acme Tiles', brandOwner: 'Acme Group', authorisationChain: ['Acme Group', 'Acme China'], brandExpireDate: '2099-12-31', certificateFileIds: [2] });
    expect(brandApplyBiz.safeParse(call!.biz).success).toBe(true);
    const row = await screen.findByTestId('brand-application-row');
    expect(within(row).getByText('Acme Tiles')).toBeInTheDocument();
    expect(within(row).getByText('2099-12-31')).toBeInTheDocument();
    expect(within(row).getByText('submitted')).toBeInTheDocument();
    // The form is empty again for the next brand.
    expect(screen.getByRole('textbox', { name: /Brand name/ })).toHaveValue('');
    expect(server.violations).toEqual([]);
  });

  it("puts the server's field problem on its field, in the merchant's words", async () => {
    const problems: WireProblem[] = [{ field: 'brandExpireDate', problem: { rule: 'date' } }];
    const server = brandServer(() => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { user } = await openPage(server);
    await fillForm(user, 'Acme Tiles');
    await user.click(screen.getByTestId('brand-apply-submit'));
    await waitFor(() => expect(screen.getByLabelText(/Authorisation expires on/)).toHaveAccessibleDescription('Authorisation expires on must be a date (YYYY-MM-DD)'));
    expect(screen.getByLabelText(/Authorisation expires on/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('brand-apply-submitted')).not.toBeInTheDocument();
  });

  it("puts the server's problem with one line of the chain on the chain's field (a NUL in the second line)", async () => {
    const problems: WireProblem[] = [{ field: 'authorisationChain.1', problem: { rule: 'invalid' } }];
    const server = brandServer(() => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    const { user } = await openPage(server);
    await fillForm(user, 'Acme Tiles');
    await user.click(screen.getByTestId('brand-apply-submit'));
    const chain = screen.getByRole('textbox', { name: /Authorisation chain/ });
    await waitFor(() => expect(chain).toHaveAttribute('aria-invalid', 'true'));
    expect(chain).toHaveAccessibleDescription(/Authorisation chain is not valid/);
    expect(screen.queryByTestId('brand-apply-submitted')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in place and keeps what was typed", async () => {
    const server = brandServer(() => ({ code: STORE_CODES.alreadyExists, msg: 'brand "Acme Tiles" is already under review or approved' }));
    const { user } = await openPage(server);
    await fillForm(user, 'Acme Tiles');
    await user.click(screen.getByTestId('brand-apply-submit'));
    expect(await screen.findByTestId('resource-form-problems')).toHaveTextContent('The application was not submitted: brand "Acme Tiles" is already under review or approved');
    expect(screen.queryByTestId('brand-apply-submitted')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Brand name/ })).toHaveValue('Acme Tiles');
  });
});

const STORED: BrandApplicationRow = {
  applicationId: 7,
  brandName: 'Stone Craft',
  brandOwner: 'Stone Craft Co., Ltd.',
  authorisationChain: ['Stone Craft Co., Ltd.', 'Stone Craft China Distribution'],
  brandExpireDate: '2027-01-06',
  status: BRAND_APPLICATION_STATUS.approved,
  rejectReason: '',
  certificates: [{ fileId: 1, objectUrl: FILES[0]!.objectUrl }],
  createTime: 1_790_000_000,
  reviewTime: 1_790_000_100,
  daysLeft: 30,
  expiringSoon: true,
};

describe('brand query, details and management', () => {
  it('/shop/brandQuery lists the applications; Details opens one with its owner, chain and state', async () => {
    const server = brandServer(() => ok({ applicationId: 1, status: 0 }));
    server.on(brandEndpoints.brandApplicationList.path, () => ok({ list: [STORED], total: 1, pageNum: 1, pageSize: 20 }));
    server.on(brandEndpoints.brandApplicationDetail.path, ({ biz }) => (biz.applicationId === 7 ? ok(STORED) : { code: STORE_CODES.notFound, msg: 'not found' }));
    const { user } = await renderSignedIn({ server, path: '/shop/brandQuery' });
    await screen.findByRole('heading', { name: 'Brand applications', level: 1 }, { timeout: 20_000 });
    expect(screen.getByTestId('brand-query-add')).toHaveAttribute('href', '/shop/brandQuery/BrandApply/add');
    await user.click(await screen.findByRole('link', { name: 'Details Stone Craft' }));
    const detail = await screen.findByTestId('brand-detail', {}, { timeout: 10_000 });
    expect(within(detail).getByText('Stone Craft Co., Ltd. → Stone Craft China Distribution')).toBeInTheDocument();
    expect(within(detail).getByText('approved')).toBeInTheDocument();
    expect(within(detail).getByTestId('brand-expiring-soon')).toHaveTextContent('Expiring soon · 30 days left');
    expect(screen.getByRole('img', { name: 'Authorisation certificates 1' })).toHaveAttribute('src', FILES[0]!.objectUrl);
    expect(server.violations).toEqual([]);
  });

  it('/shop/brandManagement flags a brand 0 to 60 days from its end and filters to those', async () => {
    const server = brandServer(() => ok({ applicationId: 1, status: 0 }));
    const far: BrandApplicationRow = { ...STORED, applicationId: 8, brandName: 'Marco Tiles', brandExpireDate: '2027-12-01', daysLeft: 359, expiringSoon: false };
    server.on(brandEndpoints.brandManagementList.path, ({ biz }) => {
      const list = biz.expiringSoon ? [STORED] : [STORED, far];
      return ok({ list, total: list.length, pageNum: 1, pageSize: 20 });
    });
    const { user } = await renderSignedIn({ server, path: '/shop/brandManagement' });
    await screen.findByRole('heading', { name: 'Brands', level: 1 }, { timeout: 20_000 });
    const rows = await screen.findAllByTestId('brand-management-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('brand-expiring-soon')).toHaveTextContent('Expiring soon · 30 days left');
    expect(within(rows[1]!).queryByTestId('brand-expiring-soon')).toBeNull();
    expect(within(rows[1]!).getByText('359 days left')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Only those about to expire' }));
    await waitFor(() => expect(screen.getAllByTestId('brand-management-row')).toHaveLength(1));
    expect(server.callsTo(brandEndpoints.brandManagementList.path).at(-1)!.biz).toMatchObject({ expiringSoon: true });
  });
});

// /goods/brandApply in the whole console against the fake store server (answers checked against the
// goods contract): the form checks its fields, submits the certificates by fileId, shows the submitted
// application under review and the store's applications, and shows a refusal in place.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALL_PERMISSION_CODES, BRAND_APPLICATION_STATUS, STORE_CODES, brandApplyBiz, goodsEndpoints, type BrandApplicationRow, type WireProblem } from '@merchant/api-contracts';
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
  server.on(goodsEndpoints.brandApplicationList.path, ({ biz }) => ok({ list: applications, total: applications.length, pageNum: biz.pageNum, pageSize: biz.pageSize }));
  server.on(goodsEndpoints.brandApply.path, ({ biz }) => {
    const answer = applyAnswer(biz);
    if (answer.code === STORE_CODES.success) {
      applications.unshift({
        applicationId: (answer.data as { applicationId: number }).applicationId,
        brandName: String(biz.brandName),
        brandExpireDate: String(biz.brandExpireDate),
        status: BRAND_APPLICATION_STATUS.underReview,
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
    expect(server.callsTo(goodsEndpoints.brandApply.path)).toEqual([]);
  });

  it('submits the certificates by fileId, shows the application under review and lists it', async () => {
    const server = brandServer(() => ok({ applicationId: 42, status: BRAND_APPLICATION_STATUS.underReview }));
    const { user } = await openPage(server);
    await fillForm(user, '  Acme Tiles ');
    await user.click(screen.getByTestId('brand-apply-submit'));

    expect(await screen.findByTestId('brand-apply-submitted')).toHaveTextContent('Brand application submitted; waiting for the platform review · Application 42, status: under review');
    const [call] = server.callsTo(goodsEndpoints.brandApply.path);
    expect(call!.biz).toEqual({ brandName: 'Acme Tiles', brandExpireDate: '2099-12-31', certificateFileIds: [2] });
    expect(brandApplyBiz.safeParse(call!.biz).success).toBe(true);
    const row = await screen.findByTestId('brand-application-row');
    expect(within(row).getByText('Acme Tiles')).toBeInTheDocument();
    expect(within(row).getByText('2099-12-31')).toBeInTheDocument();
    expect(within(row).getByText('under review')).toBeInTheDocument();
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

// The after-sales lists' export buttons (docs/orders.md "Exports"): above the browser's MAX_EXPORT_ROWS a
// refund list or the complaint list creates an export job on the server for its own resource, with the
// filters its list call sends (the pending list's statuses included), and offers the file when it is done.
import { screen, waitFor } from '@testing-library/react';
import { PERMISSIONS, REFUND_PENDING_STATUSES, afterSalesEndpoints as A, type ComplaintRow, type RefundRow } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, fakeExportJobs, type FakeUser } from '../../../test/fakeStoreServer';
import { renderConsole } from '../../../test/renderConsole';
import { onContract } from '../../resource-kit/contractFake';
import { MAX_EXPORT_ROWS } from '../../resource-kit/exportList';
import { refundRecord } from './afterSalesFake';
import { AFTER_SALES_PATHS } from './paths';

jest.setTimeout(120_000);

const owner: FakeUser = { ...DEMO_USER, token: 'token-after-sales-export', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const LOAD = { timeout: 30_000 };
const TOTAL = MAX_EXPORT_ROWS + 1000;

const refundRow = (): RefundRow => {
  const { refundId, refundNo, orderId, orderNo, status, kind, amountCents, reason, buyerAccid, buyerName, createTime, updateTime } = refundRecord(1, 0);
  return { refundId, refundNo, orderId, orderNo, status, kind, amountCents, reason, buyerAccid, buyerName, createTime, updateTime };
};
const complaintRow: ComplaintRow = {
  complaintId: 1,
  complaintNo: 'C202611230000001',
  orderId: 501,
  orderNo: 'O202611230000001',
  status: 1,
  filedBy: 'buyer',
  reason: 'late delivery',
  buyerAccid: 'c_demo1',
  buyerName: 'Buyer One',
  responseCount: 0,
  createTime: 1_763_900_000,
  updateTime: 1_763_900_000,
};

function renderLargeList(path: string) {
  const server = createFakeStoreServer([owner]);
  // The lists say they hold more rows than the browser exports: the button goes to the server.
  onContract(server, A.refundList, (biz) => ({ pageNum: biz.pageNum, pageSize: biz.pageSize, total: TOTAL, list: [refundRow()] }));
  onContract(server, A.complaintList, (biz) => ({ pageNum: biz.pageNum, pageSize: biz.pageSize, total: TOTAL, list: [complaintRow] }));
  const jobs = fakeExportJobs(server, TOTAL, [{ state: 3 }]);
  return { ...renderConsole({ path, token: owner.token, server }), server, jobs };
}

describe('after-sales exports on the server', () => {
  it('exports the pending refunds as an afterSales.refunds job with the pending statuses', async () => {
    const { user, jobs, server } = renderLargeList(AFTER_SALES_PATHS.pending);
    await screen.findByText(refundRow().refundNo, {}, LOAD);
    await user.click(screen.getByTestId('resource-export'));
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'done'), LOAD);
    expect(jobs.created).toHaveLength(1);
    expect(jobs.created[0]).toMatchObject({ resource: 'afterSales.refunds', filters: { statuses: [...REFUND_PENDING_STATUSES] } });
    expect(jobs.created[0]).not.toHaveProperty('filters.pageNum');
    expect(screen.getByTestId('export-download')).toHaveAttribute('href', expect.stringContaining('/v1/store/export/file?jobId=77'));
    expect(server.violations).toEqual([]);
  });

  it('offers an export button on the complaint list that creates an afterSales.complaints job with the tab', async () => {
    const { user, jobs, server } = renderLargeList(AFTER_SALES_PATHS.complaint);
    await screen.findByText(complaintRow.complaintNo, {}, LOAD);
    await user.click(screen.getByTestId('tab-1'));
    await waitFor(() => expect(server.callsTo('/afterSales/complaint/list').at(-1)!.biz).toMatchObject({ status: 1 }));
    await user.click(screen.getByTestId('resource-export'));
    await waitFor(() => expect(screen.getByTestId('export-job')).toHaveAttribute('data-phase', 'done'), LOAD);
    expect(jobs.created[0]).toMatchObject({ resource: 'afterSales.complaints', filters: { status: 1 } });
    expect(server.violations).toEqual([]);
  });
});

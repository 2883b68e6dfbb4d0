// The page bench/ui-kit/run.mjs loads in Chromium: the built @merchant/ui-kit DataTable (MUI X
// DataGrid) and, as the same-run baseline, a plain MUI Table with the same rows and formatters.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
// The built library, as other teams consume it (run.mjs builds it first).
import { DataTable, formatCents, formatSecondsTimestamp, maskPhone, useDataTable, type DataTableColumn, type TablePage } from '../../libs/ui-kit/dist/index.mjs';

interface Order {
  id: number;
  orderNo: string;
  customer: string;
  phone: string;
  amount: number;
  createTime: number;
}

const makeRows = (count: number): Order[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    orderNo: `SO${String(20261123000000 + i)}`,
    customer: `customer ${i % 997}`,
    phone: `138${String(10_000_000 + i).slice(-8)}`,
    amount: (i * 7919) % 1_000_000,
    createTime: 1_763_856_000 + i * 61,
  }));

const columns: DataTableColumn<Order>[] = [
  { key: 'id', title: 'ID', width: 90 },
  { key: 'orderNo', title: 'Order' },
  { key: 'customer', title: 'Customer' },
  { key: 'phone', title: 'Phone', format: (row) => maskPhone(row.phone) },
  { key: 'amount', title: 'Amount', align: 'right', format: (row) => formatCents(row.amount) },
  { key: 'createTime', title: 'Created', format: (row) => formatSecondsTimestamp(row.createTime) },
];

const HEIGHT = 640;

function GridCase({ rows }: { rows: Order[] }) {
  const page: TablePage<Order> = { list: rows, total: rows.length };
  // A list endpoint whose answer is already there: the bench measures rendering, not fetching.
  const endpoint = { useQuery: () => ({ currentData: page, data: page, isFetching: false }) };
  const table = useDataTable<Order>({ id: 'bench', endpoint });
  return <DataTable table={table} columns={columns} getRowId={(row) => row.id} maxHeight={HEIGHT} label="orders" />;
}

function PlainCase({ rows }: { rows: Order[] }) {
  return (
    <Box sx={{ maxHeight: HEIGHT, overflow: 'auto' }} data-bench-scroller>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key}>{column.title}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-bench-row>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {column.format ? column.format(row) : String(row[column.key as keyof Order])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const container = document.getElementById('root')!;
let root = createRoot(container);
const ROW_SELECTOR = '.MuiDataGrid-row, tr[data-bench-row]';
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/**
 * Clears the previous case (unmount, forced GC: Chromium runs with --expose-gc) and waits a frame, so neither the
 * previous table's teardown nor a full GC of its garbage lands inside the next measurement. `mount` calls it when
 * the caller did not; run.mjs calls it outside the traced window, so the render's CPU time is the render's alone.
 */
let prepared: Order[] | undefined;
async function prepare(count: number): Promise<void> {
  root.unmount();
  root = createRoot(container);
  prepared = makeRows(count);
  (window as any).gc?.();
  await nextFrame();
}

/** Milliseconds from the render call until data rows are in the DOM and laid out. */
async function mount(kind: 'grid' | 'plain', count: number): Promise<number> {
  if (prepared?.length !== count) await prepare(count);
  const rows = prepared!;
  prepared = undefined;
  const start = performance.now();
  flushSync(() => root.render(<MemoryRouter>{kind === 'grid' ? <GridCase rows={rows} /> : <PlainCase rows={rows} />}</MemoryRouter>));
  // DataGrid places its rows after measuring its viewport (a layout effect or a resize callback).
  while (!container.querySelector(ROW_SELECTOR)) await new Promise((resolve) => setTimeout(resolve, 0));
  void container.getBoundingClientRect().height; // force layout
  return performance.now() - start;
}

/** Scrolls the mounted table `frames` times by `step` px, one step per frame; returns each frame's length. */
async function scroll(frames: number, step: number): Promise<{ frameMs: number[]; longTasksMs: number[]; rowsInDom: number; scrolledTo: number }> {
  const scroller = (container.querySelector('.MuiDataGrid-virtualScroller') ?? container.querySelector('[data-bench-scroller]')) as HTMLElement;
  const longTasksMs: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasksMs.push(entry.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  const frameMs: number[] = [];
  let last = await nextFrame();
  for (let i = 0; i < frames; i++) {
    scroller.scrollTop += step;
    const now = await nextFrame();
    frameMs.push(now - last);
    last = now;
  }
  observer.disconnect();
  return { frameMs, longTasksMs, rowsInDom: container.querySelectorAll(ROW_SELECTOR).length, scrolledTo: scroller.scrollTop };
}

(window as any).bench = { prepare, mount, scroll };
(window as any).benchReady = true;

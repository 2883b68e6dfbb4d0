import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Page images of a rendered PDF, in page order. */
export interface RenderedPages {
  pages: { bytes: Buffer; width: number; height: number }[];
}

export interface RenderLimits {
  format: 'png' | 'jpg';
  /** More pages than this fails the conversion (nothing is rendered). */
  maxPages: number;
  /** Pixels per page image: a larger page is rendered at a smaller scale. */
  maxPixelsPerPage: number;
  /** Points → pixels before the pixel limit (1 = 72 dpi). */
  scale: number;
  /** The renderer is killed after this long. */
  timeoutMs: number;
  /** Aborting kills the renderer (the server is stopping). */
  signal?: AbortSignal;
}

/** The renderer's JavaScript heap: a PDF that needs more fails instead of growing without bound. */
const RENDERER_HEAP_MB = 512;

/** Why a PDF could not be converted; the message is the document's failure reason. */
export class RenderError extends Error {}

/**
 * The renderer runs in a child Node process: pdf.js and @napi-rs/canvas are ESM/native, a hostile PDF
 * can take memory or time, and a child can be killed without taking the server with it. The script
 * reads `input.pdf` from a scratch folder, writes `page-N.<format>` there and prints one JSON line.
 */
const SCRIPT = String.raw`
import { readFileSync, writeFileSync } from 'node:fs';
const [dir, format, maxPages, maxPixels, scale, pdfjsPath, canvasPath, fontsPath] = process.argv.slice(1);
const pdfjs = await import(pdfjsPath);
const { createCanvas } = await import(canvasPath);
const fail = (reason) => { process.stdout.write(JSON.stringify({ error: reason }) + '\n'); process.exit(0); };
let doc;
try {
  doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(dir + '/input.pdf')), isEvalSupported: false, disableFontFace: true, standardFontDataUrl: fontsPath, verbosity: 0 }).promise;
} catch (error) {
  fail('the file is not a readable PDF (' + (error && error.message ? error.message : String(error)) + ')');
}
if (doc.numPages > Number(maxPages)) fail('the document has ' + doc.numPages + ' pages; at most ' + maxPages + ' are converted');
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const fit = Math.sqrt(Number(maxPixels) / Math.max(1, base.width * base.height));
  const viewport = page.getViewport({ scale: Math.min(Number(scale), fit) });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // JPEG has no transparency: pages get a white sheet under them in both formats.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvasContext: context, viewport, canvas }).promise;
  writeFileSync(dir + '/page-' + n + '.' + format, canvas.toBuffer(format === 'png' ? 'image/png' : 'image/jpeg'));
  pages.push({ width, height });
  page.cleanup();
}
process.stdout.write(JSON.stringify({ pages }) + '\n');
`;

/** Where pdf.js and the canvas are, resolved from the server's working folder up (npm workspaces hoist them). */
function modulePaths(): { pdfjs: string; canvas: string; fonts: string } {
  const require = createRequire(join(process.cwd(), 'im-server.js'));
  const pdfjs = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  return { pdfjs, canvas: require.resolve('@napi-rs/canvas'), fonts: `${join(dirname(pdfjs), '..', '..', 'standard_fonts')}/` };
}

export async function renderPdf(pdf: Uint8Array, limits: RenderLimits): Promise<RenderedPages> {
  const dir = await mkdtemp(join(tmpdir(), 'im-doc-'));
  try {
    await writeFile(join(dir, 'input.pdf'), pdf);
    const paths = modulePaths();
    const args = [dir, limits.format, String(limits.maxPages), String(limits.maxPixelsPerPage), String(limits.scale), paths.pdfjs, paths.canvas, paths.fonts];
    const output = await runChild(args, limits.timeoutMs, limits.signal);
    let answer: { error?: string; pages?: { width: number; height: number }[] };
    try {
      answer = JSON.parse(output.trim().split('\n').pop() ?? '');
    } catch {
      throw new RenderError('the renderer stopped without an answer');
    }
    if (answer.error) throw new RenderError(answer.error);
    const pages = [];
    for (const [index, size] of (answer.pages ?? []).entries()) {
      pages.push({ bytes: await readFile(join(dir, `page-${index + 1}.${limits.format}`)), width: size.width, height: size.height });
    }
    return { pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runChild(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${RENDERER_HEAP_MB}`, '--input-type=module', '-e', SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(new RenderError(`the renderer could not start (${error.message})`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(new Error('the conversion was stopped'));
      if (timedOut) return reject(new RenderError(`the conversion took longer than ${Math.round(timeoutMs / 1000)} s`));
      if (code !== 0) return reject(new RenderError(`the renderer failed (${stderr.trim().split('\n').pop() || `exit code ${code}`})`));
      resolve(stdout);
    });
  });
}

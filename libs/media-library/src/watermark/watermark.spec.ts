import { libraryPathFor, watermarkImage, watermarkStamps } from './watermark';

describe('watermark (§9: stamped diagonally and repeatedly)', () => {
  it('covers the whole image diagonal with a staggered grid of stamps', () => {
    const stamps = watermarkStamps(400, 300, 120, 60);
    const half = Math.hypot(400, 300) / 2;
    expect(stamps.length).toBeGreaterThan(20);
    expect(Math.min(...stamps.map((s) => s.y))).toBeLessThanOrEqual(-half + 1);
    expect(Math.max(...stamps.map((s) => s.y))).toBeGreaterThanOrEqual(half - 60);
    expect(Math.min(...stamps.map((s) => s.x))).toBeLessThanOrEqual(-half);
    expect(Math.max(...stamps.map((s) => s.x))).toBeGreaterThanOrEqual(half - 120);
    const rows = [...new Set(stamps.map((s) => s.y))];
    const firstX = (y: number) => Math.min(...stamps.filter((s) => s.y === y).map((s) => s.x));
    expect(firstX(rows[1]!) - firstX(rows[0]!)).toBe(-60); // odd rows shifted by half a step
    expect(watermarkStamps(0, 300, 120, 60)).toEqual([]);
  });

  it("uses '/watermark' when a watermark or an imgSize limit is set, else '/noWatermark'", () => {
    expect(libraryPathFor({})).toBe('/noWatermark');
    expect(libraryPathFor({ watermark: 'Demo Store' })).toBe('/watermark');
    expect(libraryPathFor({ imgSize: 2 })).toBe('/watermark');
  });

  it('refuses clearly where there is no OffscreenCanvas (Node)', async () => {
    await expect(watermarkImage(new Blob(['x']), 'text')).rejects.toMatchObject({ code: 'WATERMARK_FAILED' });
  });
});

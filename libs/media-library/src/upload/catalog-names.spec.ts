import { catalogDisplayName, catalogDisplayPath } from './catalog-names';

const catalogs = [
  { path: '/noWatermark', name: 'noWatermark', catalogList: [{ path: '/noWatermark/banners', name: 'banners' }] },
  { path: '/watermark', name: 'watermark', catalogList: [] },
];

describe('directory display names (what the directory tree shows)', () => {
  it('translates the two roots and keeps the names of the others', () => {
    expect(catalogDisplayName(catalogs[0]!, 'zh-CN')).toBe('无水印');
    expect(catalogDisplayName(catalogs[0]!, 'en-US')).toBe('No watermark');
    expect(catalogDisplayName(catalogs[1]!, 'zh-CN')).toBe('水印');
    expect(catalogDisplayName(catalogs[1]!, 'en-US')).toBe('Watermark');
    expect(catalogDisplayName({ path: '/noWatermark/banners', name: 'banners' }, 'zh-CN')).toBe('banners');
  });

  it('shows paths with display names, with or without the tree', () => {
    expect(catalogDisplayPath('/noWatermark/banners', catalogs, 'zh-CN')).toBe('/无水印/banners');
    expect(catalogDisplayPath('/noWatermark/banners', catalogs, 'en-US')).toBe('/No watermark/banners');
    expect(catalogDisplayPath('/watermark', [], 'zh-CN')).toBe('/水印');
    expect(catalogDisplayPath('/shop/banners', [], 'en-US')).toBe('/shop/banners');
    expect(catalogDisplayPath('/', catalogs, 'zh-CN')).toBe('/');
  });

});

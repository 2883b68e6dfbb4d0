// /goods/goodsPreview?id=: the good as a buyer would see it (images, video, price range, specs,
// SKUs, detail), with its status. The detail's stored HTML is shown as text paragraphs only.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isSupportedLanguage, labelOf } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import { PageLoading } from '../../../routes/RootLayout';
import { isApiError } from '../../../app/transport';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCategorySpecsQuery, useGoodsDetailQuery } from './api';
import { specLabelOf, specValueLabelOf } from './specLabels';
import { GOODS_DETAIL_TYPE, GOODS_STATUS, GOODS_STATUS_LABELS, type GoodsDetail } from './contract';
import { paragraphsFromDetailHtml } from './detailText';
import { idFromSearch } from './GoodReleasePage';

const STATUS_COLOURS: Record<number, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  [GOODS_STATUS.draft]: 'default',
  [GOODS_STATUS.underReview]: 'info',
  [GOODS_STATUS.onShelf]: 'success',
  [GOODS_STATUS.offShelf]: 'warning',
  [GOODS_STATUS.rejected]: 'error',
};

/** "12.00" or "12.00 - 30.00" (yuan) from the SKUs' cents. */
export function priceRange(goods: Pick<GoodsDetail, 'skus'>): string {
  const prices = goods.skus.map((sku) => sku.price);
  if (prices.length === 0) return '';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatCents(low) : `${formatCents(low)} - ${formatCents(high)}`;
}

function Gallery({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const main = goods.images[shown] ?? goods.images[0];
  return (
    <Stack spacing={1} sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
      <Box sx={{ aspectRatio: '1', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {main && <Box component="img" src={main.objectUrl} alt={goods.title} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} data-testid="preview-main-image" />}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {goods.images.map((image, index) => (
          <Box
            key={`${image.objectUrl}-${index}`}
            component="button"
            type="button"
            onClick={() => setShown(index)}
            aria-label={t('goodsRelease.preview.showImage', { index: index + 1 })}
            aria-pressed={index === shown}
            sx={{ p: 0, width: 56, height: 56, border: 2, borderColor: index === shown ? 'primary.main' : 'divider', borderRadius: 1, overflow: 'hidden', cursor: 'pointer', bgcolor: 'transparent' }}
          >
            <Box component="img" src={image.objectUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </Box>
        ))}
      </Stack>
      {goods.video && <Box component="video" src={goods.video.objectUrl} controls preload="metadata" sx={{ width: '100%', borderRadius: 1 }} aria-label={t('goodsRelease.field.video')} />}
    </Stack>
  );
}

function Preview({ goods }: { goods: GoodsDetail }) {
  const { t, i18n } = useTranslation();
  const language = isSupportedLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const specNames = goods.specList.map((spec) => spec.specName);
  // Spec names and values are stored keys; the category's spec list gives their labels in the console's language.
  const categorySpecs = useCategorySpecsQuery(goods.categoryId ?? skipToken).data;
  const paragraphs = goods.detailType === GOODS_DETAIL_TYPE.richText ? paragraphsFromDetailHtml(goods.detailHtml) : [];
  const editPath = goods.status === GOODS_STATUS.draft ? `/goods/goodDraft/edit?id=${goods.goodsId}` : `/goods/goodRelease/edit?id=${goods.goodsId}`;
  return (
    <Stack spacing={2} data-testid="goods-preview">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('goodsRelease.preview.title')}
        </Typography>
        <Button component={RouterLink} to={editPath} variant="outlined">
          {t('goodsRelease.action.edit')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Gallery goods={goods} />
          <Stack spacing={1.5} sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h6" component="h2" data-testid="preview-title">
              {goods.title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip size="small" color={STATUS_COLOURS[goods.status] ?? 'default'} label={labelOf(GOODS_STATUS_LABELS, goods.status, language)} data-testid="preview-status" />
              {goods.status === GOODS_STATUS.rejected && goods.rejectReason && <Typography color="error">{goods.rejectReason}</Typography>}
            </Stack>
            <Typography variant="h5" color="error.main" data-testid="preview-price">
              ¥ {priceRange(goods)}
            </Typography>
            <Typography color="text.secondary">
              {t('goodsRelease.preview.brand')}: {goods.brandName || '-'} · {t('goodsRelease.preview.category')}: {goods.categoryName || '-'}
            </Typography>
            {goods.specList.map((spec) => (
              <Stack key={spec.specName} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography sx={{ minWidth: 80 }} color="text.secondary">
                  {specLabelOf(categorySpecs, spec.specName)}
                </Typography>
                {spec.values.map((value) => (
                  <Chip key={value} label={specValueLabelOf(categorySpecs, spec.specName, value)} variant="outlined" size="small" />
                ))}
              </Stack>
            ))}
            <Table size="small" aria-label={t('goodsRelease.sku.table')}>
              <TableHead>
                <TableRow>
                  {specNames.length === 0 ? <TableCell>{t('goodsRelease.sku.spec')}</TableCell> : specNames.map((name) => <TableCell key={name}>{specLabelOf(categorySpecs, name)}</TableCell>)}
                  <TableCell align="right">{t('goodsRelease.preview.price')}</TableCell>
                  <TableCell align="right">{t('goodsRelease.preview.stock')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {goods.skus.map((sku) => (
                  <TableRow key={sku.skuId} data-testid="preview-sku">
                    {specNames.length === 0 ? <TableCell>{t('goodsRelease.sku.single')}</TableCell> : specNames.map((name) => <TableCell key={name}>{specValueLabelOf(categorySpecs, name, sku.specValues[name] ?? '')}</TableCell>)}
                    <TableCell align="right">{formatCents(sku.price)}</TableCell>
                    <TableCell align="right">{sku.stock}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="preview-detail" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="preview-detail" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('goodsRelease.section.detail')}
        </Typography>
        {goods.detailType === GOODS_DETAIL_TYPE.images ? (
          <Stack spacing={0} sx={{ maxWidth: 750 }}>
            {goods.detailImages.map((image, index) => (
              <Box key={`${image.objectUrl}-${index}`} component="img" src={image.objectUrl} alt={t('goodsRelease.preview.detailImage', { index: index + 1 })} sx={{ width: '100%', display: 'block' }} />
            ))}
          </Stack>
        ) : paragraphs.length > 0 ? (
          <Box data-testid="preview-detail-text">
            {paragraphs.map((paragraph, index) => (
              <Typography key={index} sx={{ whiteSpace: 'pre-line', mb: 1.5 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('goodsRelease.preview.noDetail')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}

export function GoodsPreviewPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const goodsId = idFromSearch(search);
  const goods = useGoodsDetailQuery(goodsId ?? 0, { skip: goodsId === undefined, refetchOnMountOrArgChange: true });
  if (goodsId === undefined) return <Alert severity="error">{t('goodsRelease.preview.missingId')}</Alert>;
  if (goods.isLoading) return <PageLoading />;
  if (!goods.data) {
    const msg = isApiError(goods.error) ? goods.error.msg : t('goodsRelease.notice.notFound');
    return (
      <Alert severity="error" data-testid="preview-load-error">
        {t('goodsRelease.notice.loadFailed', { msg })}
      </Alert>
    );
  }
  return <Preview goods={goods.data} />;
}

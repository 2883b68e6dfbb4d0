// /goods/submitSuccess?id=: the good is under review; what the merchant can do next.
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { idFromSearch } from './GoodReleasePage';

export const GOODS_LIST_PATH = '/goods/goodList/goodAll';
export const GOOD_RELEASE_PATH = '/goods/goodRelease';
export const GOODS_PREVIEW_PATH = '/goods/goodsPreview';

export function SubmitSuccessPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const goodsId = idFromSearch(search);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }} data-testid="submit-success">
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {t('goodsRelease.success.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('goodsRelease.success.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        {goodsId !== undefined && (
          <Button component={RouterLink} to={`${GOODS_PREVIEW_PATH}?id=${goodsId}`} variant="contained" data-testid="submit-success-view">
            {t('goodsRelease.action.viewGood')}
          </Button>
        )}
        <Button component={RouterLink} to={GOOD_RELEASE_PATH} variant="outlined">
          {t('goodsRelease.action.releaseAnother')}
        </Button>
        <Button component={RouterLink} to={GOODS_LIST_PATH} variant="outlined" data-testid="submit-success-list">
          {t('goodsRelease.action.backToList')}
        </Button>
      </Stack>
    </Paper>
  );
}

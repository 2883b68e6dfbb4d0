// checkStoreGoodsSkuStock (console-spec §7) above the sales inventory: how many SKUs are low or out
// of stock, with a link to the warnings.
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCheckStoreGoodsSkuStockQuery } from '../api';

export function StockCheckBanner() {
  const { t } = useTranslation();
  const check = useCheckStoreGoodsSkuStockQuery().data;
  if (!check) return null;
  if (!check.hasWarning) return <Alert severity="success" data-testid="stock-check">{t('goods.stock.checkOk')}</Alert>;
  return (
    <Alert
      severity="warning"
      data-testid="stock-check"
      action={
        <Button component={RouterLink} to="/goods/inventoryWarning" size="small" color="inherit">
          {t('goods.stock.viewWarnings')}
        </Button>
      }
    >
      {t('goods.stock.checkWarning', { low: check.lowStockSkuCount, out: check.outOfStockSkuCount, open: check.openWarningCount })}
    </Alert>
  );
}

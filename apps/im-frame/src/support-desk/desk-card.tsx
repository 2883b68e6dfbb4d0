// A support desk card in the conversation (issue 32): an order or a goods item sent as a custom message
// (api-contracts' deskCardAttach). Drawn from the card's fields in the reader's language, as text only; inside the
// console its button asks the console to open the order or the goods (the frame has no store-server session).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { ORDER_STATUS_LABELS, labelOf, type DeskCard } from '@merchant/api-contracts';
import { formatCents } from '@merchant/ui-kit';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSupportDesk } from './desk-context';

type Language = 'zh-CN' | 'en-US';

/** What a card says (its title and one line), in `language`: drawn here, and sent beside the card for other clients. */
export function deskCardWords(card: DeskCard, t: TFunction, language: Language): { title: string; text: string } {
  if (card.kind === 'goods') return { title: card.title, text: t('desk.card.goodsText') };
  return {
    title: t('desk.card.orderTitle', { orderNo: card.orderNo }),
    text: t('desk.card.orderText', { status: labelOf(ORDER_STATUS_LABELS, card.status, language), amount: formatCents(card.amountCents), count: card.itemCount }),
  };
}

export function DeskCardContent({ card }: { card: DeskCard }) {
  const { t, i18n } = useTranslation();
  const desk = useSupportDesk();
  const language: Language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
  const words = deskCardWords(card, t, language);
  const Icon = card.kind === 'order' ? ReceiptLongOutlined : Inventory2Outlined;
  return (
    <Box data-testid="message-desk-card" data-card-kind={card.kind} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Icon fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        {/* Full colour: faded (opacity 0.8) on the blue of my own bubble it fell under 4.5:1 (axe in a fresh-clone run). */}
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 500 }}>
          {t(card.kind === 'order' ? 'desk.card.order' : 'desk.card.goods')}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="desk-card-title">
          {words.title}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="desk-card-text">
          {words.text}
        </Typography>
        {desk && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            sx={{ mt: 0.5 }}
            aria-label={card.kind === 'order' ? t('desk.card.openOrderLabel', { orderNo: card.orderNo }) : t('desk.card.openGoodsLabel', { title: card.title })}
            onClick={() => (card.kind === 'order' ? desk.bridge.openOrder(card.orderId) : desk.bridge.openGoods(card.goodsId))}
            data-testid="desk-card-open"
          >
            {t(card.kind === 'order' ? 'desk.card.openOrder' : 'desk.card.openGoods')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

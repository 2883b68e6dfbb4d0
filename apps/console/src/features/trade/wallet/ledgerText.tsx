// The ledger's words on the wallet screens, all from the contract's tables (api-contracts endpoints/wallet.ts), and
// the link from a movement to its source document where the console has that screen.
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import {
  LEDGER_SOURCE_TYPE_LABELS,
  LEDGER_TRANSFER_KIND_LABELS,
  STORE_LEDGER_ACCOUNT_LABELS,
  WITHDRAWAL_STATE_LABELS,
  labelOf,
  type LedgerSourceType,
} from '@merchant/api-contracts';
import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { statusFromLabels, type ResourceStatus, type ResourceTextContext } from '../../../resource-kit';
import { useRouteManifest } from '../../../routes/manifestContext';
import { collectPaths } from '../../../routes/routeHandle';
import { TRADE_PATHS } from '../paths';
import { WALLET_PATHS } from './paths';

export const KIND_STATUS: ResourceStatus = statusFromLabels(LEDGER_TRANSFER_KIND_LABELS.labels);
export const ACCOUNT_STATUS: ResourceStatus = statusFromLabels(STORE_LEDGER_ACCOUNT_LABELS.labels);
export const WITHDRAWAL_STATUS: ResourceStatus = statusFromLabels(WITHDRAWAL_STATE_LABELS.labels, { 1: 'warning', 2: 'success', 3: 'error' });

export const kindText = (kind: string, context: ResourceTextContext) => labelOf(LEDGER_TRANSFER_KIND_LABELS, kind, context.locale);
export const sourceTypeText = (type: string, context: ResourceTextContext) => labelOf(LEDGER_SOURCE_TYPE_LABELS, type, context.locale);
/** A store account by its label; a platform account (`platform:<code>`) as the platform's. */
export const accountText = (account: string, context: ResourceTextContext) =>
  account.startsWith('platform:') ? context.t('wallet.platformAccount', { code: account.slice('platform:'.length) }) : labelOf(STORE_LEDGER_ACCOUNT_LABELS, account, context.locale);

/** Signed yuan: + money in to the account, − money out. */
export const signedMoney = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));
export const time = (seconds: number | null) => (seconds === null ? '' : formatSecondsTimestamp(seconds));

/** "order 123": the source document's name and number. */
export const sourceText = (source: { sourceType: string; sourceId: number }, context: ResourceTextContext) =>
  context.t('wallet.sourceOf', { type: sourceTypeText(source.sourceType, context), id: source.sourceId });

/** The screen showing a source document, by its type (an order payment's source is the order). */
const SOURCE_SCREENS: Partial<Record<LedgerSourceType, string>> = {
  order: TRADE_PATHS.tradeOrderView,
  refund: TRADE_PATHS.rfundQueryView,
  settlement: WALLET_PATHS.settlementInquiryView,
  withdrawal: WALLET_PATHS.turnWithdrawal,
  transfer: WALLET_PATHS.transferRecordView,
  // The deposit slice's transfer view opens a platform adjustment by its document id too.
  adjustment: WALLET_PATHS.transferRecordView,
  top_up: WALLET_PATHS.topUp,
};

/** The address of a source document's screen, undefined where the console has none (yet). */
export function useSourceHref(): (source: { sourceType: string; sourceId: number }) => string | undefined {
  const known = new Set(collectPaths(useRouteManifest()));
  return (source) => {
    const screen = SOURCE_SCREENS[source.sourceType as LedgerSourceType];
    return screen && known.has(screen) ? `${screen}?id=${source.sourceId}` : undefined;
  };
}

/** The source document's name, linked to its screen where one exists. */
export function SourceLink({ source, context }: { source: { sourceType: string; sourceId: number }; context: ResourceTextContext }) {
  const href = useSourceHref()(source);
  const text = sourceText(source, context);
  return href ? (
    <Link component={RouterLink} to={href}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

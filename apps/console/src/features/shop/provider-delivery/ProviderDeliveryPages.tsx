// Service-provider delivery (issue 27 §6; docs/merchant-centre.md "Service-provider delivery"): the current
// contract with the actions the contract machine allows the store in its state (PROVIDER_CONTRACT_MACHINE, the same
// table store-server enforces), every contract below it; open (choose a provider), sign (the agreement shown, its
// version sent back, acceptance ticked), closeserve (asks first) and detail (fields and the recorded steps).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PERMISSIONS,
  PROVIDER_CONTRACT_MACHINE,
  PROVIDER_CONTRACT_STATE,
  PROVIDER_CONTRACT_STATE_LABELS,
  PROVIDER_DELIVERY_LIMITS,
  isSupportedLanguage,
  labelOf,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import { ConfirmDialog, PermissionButton } from '@merchant/ui-kit';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { useAppSelector } from '../../../app/hooks';
import {
  useCloseProviderContractMutation,
  useDeliveryProvidersQuery,
  useOpenProviderContractMutation,
  useProviderContractDetailQuery,
  useProviderContractsQuery,
  useSignProviderContractMutation,
  type ProviderContract,
  type ProviderContractDetail,
} from './api';
import { PROVIDER_DELIVERY_OPEN_PATH, PROVIDER_DELIVERY_PATH, providerDeliveryClosePath, providerDeliveryDetailPath, providerDeliverySignPath } from './paths';

const STATE_COLOURS = { 1: 'warning', 2: 'success', 3: 'error', 4: 'default' } as const;

function useLanguage(): SupportedLanguage {
  const { i18n } = useTranslation();
  return isSupportedLanguage(i18n.language) ? i18n.language : 'zh-CN';
}

function StateChip({ state }: { state: number }) {
  const language = useLanguage();
  const colour = STATE_COLOURS[state as keyof typeof STATE_COLOURS] ?? 'default';
  return <Chip size="small" color={colour} label={labelOf(PROVIDER_CONTRACT_STATE_LABELS, state, language)} data-testid="provider-contract-state" />;
}

const time = (seconds: number | null) => (seconds === null ? '—' : formatSecondsTimestamp(seconds));

function Page({ heading, intro, children, id }: { heading: string; intro?: string; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h5" component="h1">
        {heading}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The store's actions on a contract: the machine's merchant events in its state. */
function ContractActions({ contract }: { contract: ProviderContract }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const events = PROVIDER_CONTRACT_MACHINE.eventsFrom(contract.state, 'merchant');
  return (
    <Stack direction="row" spacing={1}>
      {events.includes('sign') && (
        <PermissionButton permission={PERMISSIONS.providerDeliveryManage} variant="contained" onClick={() => navigate(providerDeliverySignPath(contract.contractId))} data-testid="provider-sign">
          {t('providerDelivery.main.sign')}
        </PermissionButton>
      )}
      {events.includes('close') && (
        <PermissionButton permission={PERMISSIONS.providerDeliveryManage} variant="outlined" color="error" onClick={() => navigate(providerDeliveryClosePath(contract.contractId))} data-testid="provider-close">
          {t('providerDelivery.main.close')}
        </PermissionButton>
      )}
      <Button component={RouterLink} to={providerDeliveryDetailPath(contract.contractId)}>
        {t('providerDelivery.main.detail')}
      </Button>
    </Stack>
  );
}

export function ProviderDeliveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: contracts = [], isError, isLoading } = useProviderContractsQuery();
  const current = contracts.find((c) => c.state !== PROVIDER_CONTRACT_STATE.closed);
  return (
    <Page heading={t('providerDelivery.main.heading')} intro={t('providerDelivery.main.intro')}>
      {isError && <Alert severity="error">{t('providerDelivery.loadFailed')}</Alert>}
      <Box component="section" aria-labelledby="provider-current" sx={{ mb: 3 }} data-testid="provider-current">
        <Typography id="provider-current" variant="h6" component="h2">
          {t('providerDelivery.main.current')}
        </Typography>
        {!isLoading && !isError && !current && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
            <Typography color="text.secondary">{t('providerDelivery.main.none')}</Typography>
            <PermissionButton permission={PERMISSIONS.providerDeliveryManage} variant="contained" onClick={() => navigate(PROVIDER_DELIVERY_OPEN_PATH)} data-testid="provider-open">
              {t('providerDelivery.main.open')}
            </PermissionButton>
          </Stack>
        )}
        {current && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{current.providerName}</Typography>
              <StateChip state={current.state} />
              {current.signedBy && (
                <Typography variant="body2" color="text.secondary">
                  {t('providerDelivery.field.signedBy')}: {current.signedBy} · {time(current.signTime)}
                </Typography>
              )}
            </Stack>
            {current.state === PROVIDER_CONTRACT_STATE.awaitingSignature && <Alert severity="info">{t('providerDelivery.main.awaiting')}</Alert>}
            {current.state === PROVIDER_CONTRACT_STATE.suspended && (
              <Alert severity="warning">{t('providerDelivery.main.suspended', { by: t(`providerDelivery.by.${current.suspendedBy ?? 'platform'}`), reason: current.suspendReason ?? '' })}</Alert>
            )}
            <ContractActions contract={current} />
          </Stack>
        )}
      </Box>
      {contracts.length > 0 && (
        <>
          <Typography id="provider-history" variant="h6" component="h2">
            {t('providerDelivery.main.history')}
          </Typography>
          <Table size="small" aria-labelledby="provider-history" data-testid="provider-contracts">
            <TableHead>
              <TableRow>
                <TableCell>{t('providerDelivery.field.provider')}</TableCell>
                <TableCell>{t('providerDelivery.field.state')}</TableCell>
                <TableCell>{t('providerDelivery.field.openTime')}</TableCell>
                <TableCell>{t('providerDelivery.field.signTime')}</TableCell>
                <TableCell>{t('providerDelivery.field.closeTime')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {contracts.map((c) => (
                <TableRow key={c.contractId} data-testid="provider-contract-row">
                  <TableCell>{c.providerName}</TableCell>
                  <TableCell>
                    <StateChip state={c.state} />
                  </TableCell>
                  <TableCell>{time(c.openTime)}</TableCell>
                  <TableCell>{time(c.signTime)}</TableCell>
                  <TableCell>{time(c.closeTime)}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={providerDeliveryDetailPath(c.contractId)} aria-label={`${t('providerDelivery.main.detail')} ${c.providerName} ${c.contractId}`}>
                      {t('providerDelivery.main.detail')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Page>
  );
}

/** The contract named by ?contractId=, with its loading, failure and not-found states. */
function useContractParam() {
  const [params] = useSearchParams();
  const contractId = Number(params.get('contractId'));
  const valid = Number.isInteger(contractId) && contractId > 0;
  const query = useProviderContractDetailQuery(contractId, { skip: !valid });
  return { contractId, valid, ...query };
}

function ContractGate({ query, children }: { query: ReturnType<typeof useContractParam>; children: (detail: ProviderContractDetail) => ReactNode }) {
  const { t } = useTranslation();
  if (!query.valid || (query.isError && !query.data)) return <Alert severity="warning">{t('providerDelivery.notFound')}</Alert>;
  if (!query.data) return null;
  return <>{children(query.data)}</>;
}

function BackButton() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={PROVIDER_DELIVERY_PATH} sx={{ mt: 2 }}>
      {t('providerDelivery.back')}
    </Button>
  );
}

function AgreementText({ detail }: { detail: ProviderContractDetail }) {
  const language = useLanguage();
  return (
    <Box
      component="article"
      aria-label={detail.contract.agreementTitle}
      tabIndex={0}
      sx={{ whiteSpace: 'pre-wrap', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, maxHeight: 360, overflow: 'auto', bgcolor: 'background.default' }}
      data-testid="provider-agreement"
    >
      {detail.agreementText[language]}
    </Box>
  );
}

export function ProviderContractDetailPage() {
  const { t } = useTranslation();
  const query = useContractParam();
  return (
    <Page heading={t('providerDelivery.menu.detail')}>
      <ContractGate query={query}>
        {(detail) => {
          const c = detail.contract;
          const rows: Array<[string, ReactNode]> = [
            [t('providerDelivery.field.provider'), c.providerName],
            [t('providerDelivery.field.state'), <StateChip key="state" state={c.state} />],
            [t('providerDelivery.field.serviceArea'), detail.provider.serviceArea],
            [t('providerDelivery.field.fee'), detail.provider.feeNote],
            [t('providerDelivery.field.phone'), detail.provider.contactPhone],
            [t('providerDelivery.field.agreement'), `${c.agreementTitle} (${t('providerDelivery.field.version')} ${c.agreementVersion})`],
            [t('providerDelivery.field.openTime'), `${time(c.openTime)} · ${c.openedBy}`],
            [t('providerDelivery.field.signTime'), c.signedBy ? `${time(c.signTime)} · ${c.signedBy}` : '—'],
            [t('providerDelivery.field.closeTime'), c.closedBy ? `${time(c.closeTime)} · ${c.closedBy}` : '—'],
            [t('providerDelivery.field.closeReason'), c.closeReason ?? '—'],
          ];
          return (
            <Stack spacing={2}>
              <Table size="small" data-testid="provider-contract-fields">
                <TableBody>
                  {rows.map(([label, value]) => (
                    <TableRow key={label}>
                      <TableCell component="th" scope="row" sx={{ width: 200 }}>
                        {label}
                      </TableCell>
                      <TableCell>{value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <ContractActions contract={c} />
              <Typography id="provider-steps" variant="h6" component="h2">
                {t('providerDelivery.step.heading')}
              </Typography>
              <Table size="small" aria-labelledby="provider-steps" data-testid="provider-steps">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('providerDelivery.step.time')}</TableCell>
                    <TableCell>{t('providerDelivery.field.state')}</TableCell>
                    <TableCell>{t('providerDelivery.step.by')}</TableCell>
                    <TableCell>{t('providerDelivery.step.account')}</TableCell>
                    <TableCell>{t('providerDelivery.field.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.steps.map((step, index) => (
                    <TableRow key={index}>
                      <TableCell>{time(step.time)}</TableCell>
                      <TableCell>{t(`providerDelivery.step.${step.event}`)}</TableCell>
                      <TableCell>{t(`providerDelivery.by.${step.actor}`)}</TableCell>
                      <TableCell>{step.userName ?? '—'}</TableCell>
                      <TableCell>{step.reason ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <AgreementText detail={detail} />
            </Stack>
          );
        }}
      </ContractGate>
      <BackButton />
    </Page>
  );
}

export function ProviderDeliveryOpenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: providers = [], isError, isLoading } = useDeliveryProvidersQuery();
  const [providerId, setProviderId] = useState<number | null>(null);
  const [open, { isLoading: opening }] = useOpenProviderContractMutation();
  const submit = async () => {
    if (providerId === null) return;
    try {
      const detail = await open({ providerId }).unwrap();
      navigate(providerDeliverySignPath(detail.contract.contractId));
    } catch {
      // The transport shows the refusal (console-spec §8); the choice stays.
    }
  };
  return (
    <Page heading={t('providerDelivery.open.heading')} intro={t('providerDelivery.open.intro')}>
      {isError && <Alert severity="error">{t('providerDelivery.loadFailed')}</Alert>}
      {!isLoading && !isError && providers.length === 0 && <Typography color="text.secondary">{t('providerDelivery.open.none')}</Typography>}
      {providers.length > 0 && (
        <FormControl>
          <FormLabel id="provider-choose">{t('providerDelivery.open.choose')}</FormLabel>
          <RadioGroup aria-labelledby="provider-choose" value={providerId === null ? '' : String(providerId)} onChange={(event) => setProviderId(Number(event.target.value))}>
            {providers.map((p) => (
              <FormControlLabel
                key={p.providerId}
                value={String(p.providerId)}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', my: 0.5 }}
                label={
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('providerDelivery.field.serviceArea')}: {p.serviceArea} · {t('providerDelivery.field.fee')}: {p.feeNote} · {t('providerDelivery.field.phone')}: {p.contactPhone}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <PermissionButton permission={PERMISSIONS.providerDeliveryManage} variant="contained" disabled={providerId === null || opening} onClick={() => void submit()} data-testid="provider-open-submit">
          {t('providerDelivery.open.submit')}
        </PermissionButton>
        <Button component={RouterLink} to={PROVIDER_DELIVERY_PATH}>
          {t('providerDelivery.back')}
        </Button>
      </Stack>
    </Page>
  );
}

export function ProviderDeliverySignPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useContractParam();
  const account = useAppSelector((state) => state.auth.user?.nickname ?? '');
  const [accepted, setAccepted] = useState(false);
  const [sign, { isLoading: signing }] = useSignProviderContractMutation();
  return (
    <Page heading={t('providerDelivery.sign.heading')}>
      <ContractGate query={query}>
        {(detail) => {
          const c = detail.contract;
          if (PROVIDER_CONTRACT_MACHINE.next(c.state, 'sign', 'merchant') === undefined) {
            return <Alert severity="info">{t('providerDelivery.sign.notAwaiting')}</Alert>;
          }
          const submit = async () => {
            try {
              await sign({ contractId: c.contractId, agreementVersion: c.agreementVersion, accepted: true }).unwrap();
              navigate(providerDeliveryDetailPath(c.contractId));
            } catch {
              // The transport shows the refusal (console-spec §8).
            }
          };
          return (
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {c.agreementTitle} · {t('providerDelivery.field.version')} {c.agreementVersion}
              </Typography>
              <Typography color="text.secondary">
                {t('providerDelivery.field.provider')}: {c.providerName}
              </Typography>
              <AgreementText detail={detail} />
              <FormControlLabel
                control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} data-testid="provider-accept" />}
                label={t('providerDelivery.sign.accept')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('providerDelivery.sign.record', { account })}
              </Typography>
              <Box>
                <PermissionButton permission={PERMISSIONS.providerDeliveryManage} variant="contained" disabled={!accepted || signing} onClick={() => void submit()} data-testid="provider-sign-submit">
                  {t('providerDelivery.sign.submit')}
                </PermissionButton>
              </Box>
            </Stack>
          );
        }}
      </ContractGate>
      <BackButton />
    </Page>
  );
}

export function ProviderDeliveryClosePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useContractParam();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [close] = useCloseProviderContractMutation();
  const tooLong = reason.trim().length > PROVIDER_DELIVERY_LIMITS.reasonMax;
  return (
    <Page heading={t('providerDelivery.close.heading')} intro={t('providerDelivery.close.intro')}>
      <ContractGate query={query}>
        {(detail) => {
          const c = detail.contract;
          if (PROVIDER_CONTRACT_MACHINE.next(c.state, 'close', 'merchant') === undefined) {
            return <Alert severity="info">{t('providerDelivery.close.notClosable')}</Alert>;
          }
          const confirmClose = async () => {
            try {
              await close({ contractId: c.contractId, ...(reason.trim() ? { reason: reason.trim() } : {}) }).unwrap();
              setAsking(false);
              navigate(PROVIDER_DELIVERY_PATH);
            } catch {
              // The transport shows the refusal (console-spec §8); the dialog stays open.
            }
          };
          return (
            <Stack spacing={2}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{c.providerName}</Typography>
                <StateChip state={c.state} />
              </Stack>
              <TextField
                label={t('providerDelivery.field.closeReason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                multiline
                minRows={2}
                error={tooLong}
                helperText={t('providerDelivery.close.reasonHint')}
                sx={{ maxWidth: 520 }}
              />
              <Box>
                <PermissionButton permission={PERMISSIONS.providerDeliveryManage} variant="contained" color="error" disabled={tooLong} onClick={() => setAsking(true)} data-testid="provider-close-submit">
                  {t('providerDelivery.close.submit')}
                </PermissionButton>
              </Box>
              <ConfirmDialog
                open={asking}
                title={t('providerDelivery.close.confirmTitle')}
                content={t('providerDelivery.close.confirm', { provider: c.providerName })}
                onConfirm={confirmClose}
                onClose={() => setAsking(false)}
              />
            </Stack>
          );
        }}
      </ContractGate>
      <BackButton />
    </Page>
  );
}

// The frame of every onboarding screen: a centred card with the progress stepper (outside the shell).
// Its top line holds the language switch and, for a signed-in merchant, "switch account": no
// onboarding step is a dead end for someone who signed in with the wrong account or language.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../../app/hooks';
import { LanguageSwitch } from '../../../layout/LanguageSwitch';
import { useKitMessages } from '../../auth/useKitMessages';
import { useSwitchAccount } from './useSwitchAccount';

export const ONBOARDING_STEPS = ['account', 'storeType', 'shopInfo', 'brand', 'agreement', 'review'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingFrameProps {
  heading: string;
  step?: OnboardingStep;
  width?: number;
  /** Offer "switch account" in the top line when signed in (false where the page offers it itself). */
  switchAccount?: boolean;
  children: ReactNode;
}

export function OnboardingFrame({ heading, step, width = 720, switchAccount = true, children }: OnboardingFrameProps) {
  // The onboarding forms are the form kit's.
  useKitMessages();
  const { t } = useTranslation();
  const signedIn = useAppSelector((state) => Boolean(state.auth.token));
  const switchToOtherAccount = useSwitchAccount();
  const active = step ? ONBOARDING_STEPS.indexOf(step) : -1;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 1, sm: 4 }, bgcolor: 'background.default' }}>
      <Paper sx={{ width: '100%', maxWidth: width, p: { xs: 2, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', mb: 2 }} data-testid="onboarding-account-bar">
          <LanguageSwitch />
          {signedIn && switchAccount && (
            <Button size="small" variant="outlined" onClick={() => void switchToOtherAccount()} data-testid="onboarding-switch-account">
              {t('registered.resultReg.switchAccount')}
            </Button>
          )}
        </Stack>
        {step && (
          <Box component="nav" aria-label={t('registered.stepsLabel')} sx={{ mb: 3, overflowX: 'auto' }}>
            <Stepper activeStep={active} alternativeLabel>
              {ONBOARDING_STEPS.map((name) => (
                <Step key={name}>
                  <StepLabel>{t(`registered.steps.${name}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
          </Box>
        )}
        <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
          {heading}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

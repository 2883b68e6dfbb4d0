// The frame of every onboarding screen: a centred card with the progress stepper (outside the shell).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

export const ONBOARDING_STEPS = ['account', 'storeType', 'shopInfo', 'brand', 'agreement', 'review'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingFrameProps {
  heading: string;
  step?: OnboardingStep;
  width?: number;
  children: ReactNode;
}

export function OnboardingFrame({ heading, step, width = 720, children }: OnboardingFrameProps) {
  const { t } = useTranslation();
  const active = step ? ONBOARDING_STEPS.indexOf(step) : -1;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 1, sm: 4 }, bgcolor: 'background.default' }}>
      <Paper sx={{ width: '100%', maxWidth: width, p: { xs: 2, sm: 4 } }}>
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

// /help/help: answers to what merchants ask first, grouped by topic, each topic a disclosure.
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { announceFeatureMessages } from '../../app/i18n';
import { HELP_TOPICS, registerHelpTopics } from './topics';

export function HelpPage() {
  const { t, i18n } = useTranslation();
  // Before the first t() of a topic.
  useState(() => registerHelpTopics(i18n));
  // Announced before this page subscribes (react-i18next listens from a passive effect), as AppShell does:
  // the texts are already in place for this render, so only other listeners need to hear of them.
  useLayoutEffect(() => announceFeatureMessages(i18n), [i18n]);
  return (
    <Box component="section" aria-labelledby="help-heading" sx={{ maxWidth: 880 }}>
      <Typography component="h1" variant="h5" id="help-heading" gutterBottom>
        {t('help.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('help.intro')}
      </Typography>
      {HELP_TOPICS.map((topic, index) => (
        <Accordion key={topic} defaultExpanded={index === 0} data-testid={`help-topic-${topic}`}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`help-${topic}-summary`} aria-controls={`help-${topic}-details`}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t(`help.topics.${topic}.question`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`help-${topic}-details`}>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{t(`help.topics.${topic}.answer`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        {t('help.contact')}
      </Typography>
    </Box>
  );
}

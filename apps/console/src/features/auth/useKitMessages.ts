// The form kit's texts (the check-code button, the unsaved-changes question) for the screens outside the
// signed-in layout, which adds them for every other screen (app/shellMessages.ts). Not part of /login's first
// load: only the kit's forms that load later (the check-code way, the forgotten password, onboarding) call it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFeatureMessages } from '../../app/i18n';
import { resourceKitMessages } from '../../resource-kit/messages';

export function useKitMessages(): void {
  const { i18n } = useTranslation();
  // Before the fields render (silent: no other screen re-renders while this one renders).
  useState(() => addFeatureMessages(i18n, [resourceKitMessages], { silent: true }));
}

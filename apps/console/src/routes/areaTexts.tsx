// An area's texts loaded with its screens instead of with /login (docs/performance.md, initial JS of
// /login): a pathless route around the area's routes whose lazy part brings the texts and adds them
// to the console's i18n before any of its screens renders, so none shows an untranslated key.
import { useLayoutEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addFeatureMessages, announceFeatureMessages, type FeatureMessages } from '../app/i18n';
import type { ManifestRoute } from './routeHandle';

function AreaTexts({ messages }: { messages: readonly FeatureMessages[] }) {
  const { i18n } = useTranslation();
  // As the signed-in layout does (layout/AppShell.tsx): silently while rendering, before the screens inside;
  // the screens rendered before (the document title) hear of them before the paint.
  useState(() => addFeatureMessages(i18n, messages, { silent: true }));
  useLayoutEffect(() => announceFeatureMessages(i18n), [i18n]);
  return <Outlet />;
}

/** `routes` behind a route that loads `load`'s texts first (in the same chunk request as the first screen). */
export function withAreaTexts(load: () => Promise<readonly FeatureMessages[]>, routes: ManifestRoute[]): ManifestRoute {
  return {
    lazy: async () => {
      const messages = await load();
      return { Component: () => <AreaTexts messages={messages} /> };
    },
    children: routes,
  };
}

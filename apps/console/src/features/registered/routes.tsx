// Manifest entries of the onboarding screens (console-spec §2 /registered children). All are open
// paths except shopMsg, which needs a token (its page sends a visitor without one to sign in). It is
// marked public for the guard so a signed-in store in status 0 can reach it.
import type { ManifestRoute } from '../../routes/routeHandle';

const onboarding = (path: string, title: string, load: () => Promise<{ Component: React.ComponentType }>): ManifestRoute => ({
  path,
  handle: { title, public: true, hidden: true, breadcrumb: false },
  lazy: load,
});

export const registeredRoutes: ManifestRoute[] = [
  {
    path: '/registered',
    handle: { public: true, hidden: true },
    children: [
      onboarding('userReg', 'registered.userReg.title', () => import('./UserRegPage').then((m) => ({ Component: m.UserRegPage }))),
      onboarding('storeMsg', 'registered.storeMsg.title', () => import('./StoreMsgPage').then((m) => ({ Component: m.StoreMsgPage }))),
      onboarding('toKnowTheServiceProvider', 'registered.serviceProvider.title', () =>
        import('./ServiceProviderPage').then((m) => ({ Component: m.ServiceProviderPage })),
      ),
      onboarding('shopMsg', 'registered.shopMsg.title', () => import('./ShopMsgPage').then((m) => ({ Component: m.ShopMsgPage }))),
      onboarding('brandAdd', 'registered.brandAdd.title', () => import('./BrandAddPage').then((m) => ({ Component: m.BrandAddPage }))),
      onboarding('agrtSig', 'registered.agrtSig.title', () => import('./AgreementPage').then((m) => ({ Component: m.AgreementPage }))),
      onboarding('resultReg', 'registered.resultReg.title', () => import('./ResultRegPage').then((m) => ({ Component: m.ResultRegPage }))),
    ],
  },
];

import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { AppRoute } from '../../contracts/appRoutes.ts';
import { selectRoute } from '../../machines/app/appMachine.ts';
import { useAppActor } from '../appActorContext.ts';

/** The place showing, as the app machine (the address bar's one owner) holds it. */
export function useRoute(): AppRoute {
  return useSelector(useAppActor(), selectRoute);
}

/** Goes to a place: a Back step, or none with `replace` (a filter being typed). */
export function useNavigate(): (route: AppRoute, options?: { replace?: boolean }) => void {
  const app = useAppActor();
  return useCallback(
    (route, options) => app.send({ type: 'nav.go', route, replace: options?.replace }),
    [app],
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  isThisDeviceSubscribed,
  pushAvailability,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../lib/push-device';

const subscribedKey = ['push-subscription'] as const;

/**
 * This device and Web Push: whether it can be pushed to, whether it is subscribed (undefined while the browser is
 * asked), and subscribing or unsubscribing it.
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const [availability, setAvailability] = useState(pushAvailability);
  // Only this page subscribes or unsubscribes the device (the browser has no event for it): asked once.
  const { data: subscribed } = useQuery({
    queryKey: subscribedKey,
    queryFn: isThisDeviceSubscribed,
    staleTime: Infinity,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  const setSubscribed = (value: boolean) => queryClient.setQueryData(subscribedKey, value);

  return {
    availability,
    subscribed,
    /** Asks the permission and subscribes; answers whether the device is now subscribed. */
    async subscribe() {
      const permission = await subscribeThisDevice();
      setAvailability(permission);
      if (permission === 'granted') setSubscribed(true);
      return permission === 'granted';
    },
    async unsubscribe() {
      await unsubscribeThisDevice();
      setSubscribed(false);
    },
  };
}

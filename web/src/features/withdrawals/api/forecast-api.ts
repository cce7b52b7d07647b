import { skipToken, useQuery } from '@tanstack/react-query';
import {
  WithdrawalForecastSchema,
  type DestinationForecastRequest,
  type WithdrawalForecast,
} from '#contract/withdrawal-forecast';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { apiRequest } from '#web/lib/api-client';

// What the BFF's gate would decide (issue 42 items C, 2, A): it reads only, so a short staleness
// is fine; the submit decides again.
const FORECAST_STALE_MS = 15_000;

const forecastKeys = {
  all: ['withdrawal-forecast'] as const,
  withdrawal: (body: SubmitWithdrawalRequest | null) =>
    [...forecastKeys.all, 'withdrawal', body] as const,
  destination: (destination: DestinationForecastRequest | null) =>
    [...forecastKeys.all, 'destination', destination] as const,
};

async function postForecast(path: string, body: unknown): Promise<WithdrawalForecast> {
  return (await apiRequest(path, { method: 'POST', body, schema: WithdrawalForecastSchema })).data;
}

/** The review's forecast of the whole withdrawal (undefined: not reviewing). */
export function useWithdrawalForecast(body: SubmitWithdrawalRequest | undefined) {
  return useQuery({
    queryKey: forecastKeys.withdrawal(body ?? null),
    queryFn: body ? () => postForecast('/api/withdrawals/forecast', body) : skipToken,
    staleTime: FORECAST_STALE_MS,
    retry: false,
  });
}

/** The form's forecast of the destination alone (undefined: not a whole, valid address yet). */
export function useDestinationForecast(destination: DestinationForecastRequest | undefined) {
  return useQuery({
    queryKey: forecastKeys.destination(destination ?? null),
    queryFn: destination
      ? () => postForecast('/api/withdrawals/destination-forecast', destination)
      : skipToken,
    staleTime: FORECAST_STALE_MS,
    retry: false,
  });
}

/** My devices and whether each is bound: /user/v5/device/list, paged, with the bound count and limit. */
import { calls } from '@ac/protocol/calls';
import type { TListRequest } from '@ac/protocol/common';
import { type TDeviceList, ZDeviceList } from '@ac/protocol/devices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchDevices(params: TListRequest): Promise<TDeviceList> {
  return ZDeviceList.parse(await apiCall(calls.devices.list, params));
}

export const devicesQueryOptions = (params: TListRequest) =>
  queryOptions({
    queryKey: ['devices', 'list', params],
    queryFn: () => fetchDevices(params),
    placeholderData: keepPreviousData,
  });

export function useDevices(params: TListRequest) {
  return useQuery(devicesQueryOptions(params));
}

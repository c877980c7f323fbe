import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Department } from '#common/types.ts';
import { departmentKeys, useDepartmentName } from './get-departments';

const withDepartments = (departments: Department[] | undefined) => {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false, enabled: departments !== undefined } },
  });
  if (departments) client.setQueryData(departmentKeys.list(), departments);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
};

describe('useDepartmentName', () => {
  const sales = { id: 2, name: 'Sales', agentCount: 7 } as Department;
  it('names the department of the address, and says so for an id no department has', () => {
    expect(renderHook(() => useDepartmentName(2), { wrapper: withDepartments([sales]) }).result.current).toBe('Sales');
    expect(renderHook(() => useDepartmentName(999), { wrapper: withDepartments([sales]) }).result.current).toBe(
      'Unknown department',
    );
    expect(renderHook(() => useDepartmentName(undefined), { wrapper: withDepartments([sales]) }).result.current).toBe(
      '',
    );
  });

  it('shows the number while the list loads', () => {
    expect(renderHook(() => useDepartmentName(5), { wrapper: withDepartments(undefined) }).result.current).toBe(
      'Department 5',
    );
  });
});

// The candidate's hours after confirmed shifts (issue 43, docs/shifts.md "Time recording"): the
// list (GET /me/time_records), entering start, end and break (PUT
// /shift_applications/{id}/time_record) and the one objection to a correction (POST
// …/time_record/objection). Each change refreshes the list and the work limits it feeds.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timeRecordKeys, type TimeRecord, type TimeRecordList } from '@/shared/api/time-records';

export type TimeEntry = { start: string; end: string; breakMinutes: number };

export const getMyTimeRecords = (signal?: AbortSignal) => api.get<TimeRecordList>('/me/time_records', { signal });

export const useMyTimeRecords = () => useQuery({ queryKey: timeRecordKeys.mine(), queryFn: ({ signal }) => getMyTimeRecords(signal) });

export type TimeRecordChange =
  | { kind: 'enter'; shiftApplication: number; entry: TimeEntry }
  | { kind: 'object'; shiftApplication: number; text: string };

export function runTimeRecordChange(change: TimeRecordChange): Promise<TimeRecord> {
  if (change.kind === 'enter') return api.put<TimeRecord>(`/shift_applications/${change.shiftApplication}/time_record`, change.entry);
  return api.post<TimeRecord>(`/shift_applications/${change.shiftApplication}/time_record/objection`, { text: change.text });
}

export function useTimeRecordChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runTimeRecordChange,
    onSuccess: () => client.invalidateQueries({ queryKey: timeRecordKeys.all }),
  });
}

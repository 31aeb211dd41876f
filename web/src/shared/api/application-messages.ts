// The conversation of an application (GET/POST /applications/{id}/messages, docs/candidate-actions.md,
// "The conversation of an application"): the organization's status messages and messages and the
// candidate's replies. The candidate's /meine-bewerbungen and the portal's applicant page both show
// it, so its keys and calls live here; the server decides the side from the caller.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const MESSAGE_MAX = 2000;

export type ConversationMessage = {
  id: number;
  from: 'provider' | 'candidate';
  body: string;
  /** The status the organization set with this message; null for a plain message. */
  status: string | null;
  createdAt: string;
};

export type Conversation = {
  application: string;
  side: 'provider' | 'candidate';
  canWrite: boolean;
  /** Why the caller cannot write now, in the caller's words. */
  notice: string | null;
  messages: ConversationMessage[];
  /** Only in the answer of a write: what became of the other side's mail, in the writer's words. */
  mail?: { state: 'queued' | 'replaced' | 'limit' | 'none'; message: string };
};

export const conversationKeys = {
  all: ['application-conversations'] as const,
  detail: (applicationId: number) => [...conversationKeys.all, applicationId] as const,
};

export const conversationQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: conversationKeys.detail(applicationId),
    queryFn: ({ signal }) => api.get<Conversation>(`/applications/${applicationId}/messages`, { signal }),
  });

export const useConversation = (applicationId: number) => useQuery(conversationQueryOptions(applicationId));

/** Writes a message; the answer is the thread with it, so the list shows it without a second call. */
export function useWriteMessage(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<Conversation>(`/applications/${applicationId}/messages`, { message }),
    onSuccess: (thread) => queryClient.setQueryData(conversationKeys.detail(applicationId), thread),
  });
}

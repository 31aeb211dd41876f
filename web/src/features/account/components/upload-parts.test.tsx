// The upload pages' shared parts: the kind choice reports the chosen value; deleting an upload sends
// DELETE to its address and calls back, and a refused deletion shows the page's sentence, which the
// next try clears.
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/render-app';
import { KindSelect, useRemoveUpload } from './upload-parts';

afterEach(() => vi.unstubAllGlobals());

describe('KindSelect', () => {
  it('offers the options under its label and reports the choice', () => {
    const onChange = vi.fn();
    render(<KindSelect id="kind" label="Art des Bildes" options={[['portrait', 'Porträt'], ['misc', 'Sonstiges Bild']]} value="portrait" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Art des Bildes'), { target: { value: 'misc' } });
    expect(onChange).toHaveBeenCalledWith('misc');
  });
});

describe('useRemoveUpload', () => {
  it('deletes the upload and calls back; a failure says the sentence until the next try', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse(500, {})));
    vi.stubGlobal('fetch', fetch);
    const onRemoved = vi.fn();
    const { result } = renderHook(() => useRemoveUpload('/profile_videos', 'profile_video_changed', 'Ging nicht.', onRemoved));
    await act(() => result.current.remove(7));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/profile_videos/7');
    expect(result.current.error).toBe('Ging nicht.');
    expect(onRemoved).not.toHaveBeenCalled();

    fetch.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    await act(() => result.current.remove(7));
    expect(result.current.error).toBe('');
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });
});

// The embedded answers of the server's HTML land in the query cache under their keys, once; a
// broken or missing element changes nothing.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ID, seedInitialData } from './initial-data';

function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument('x');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ID;
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('seedInitialData', () => {
  it('puts each [key, data] pair into the cache', () => {
    const client = new QueryClient();
    const doc = page('[[["content","page","home",{}],{"slug":"home","sections":[]}],[["jobs","detail","promoter-koeln"],{"id":7}]]');
    seedInitialData(client, doc);
    expect(client.getQueryData(['content', 'page', 'home', {}])).toEqual({ slug: 'home', sections: [] });
    expect(client.getQueryData(['jobs', 'detail', 'promoter-koeln'])).toEqual({ id: 7 });
  });

  it('ignores malformed content', () => {
    const client = new QueryClient();
    seedInitialData(client, page('{"not":"pairs"'));
    seedInitialData(client, page('[["no-array-key", 1]]'));
    seedInitialData(client, document.implementation.createHTMLDocument('y'));
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

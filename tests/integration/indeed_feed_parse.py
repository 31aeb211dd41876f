# indeed_feed_parse.py: reads an Indeed feed (plain or gzip) with Python's own XML parser and
# prints it as JSON for tests/integration/indeed_feed_test.cpp. Any error of well-formedness makes
# the parser fail, and the script then prints {"error": ...}.
#   /usr/bin/python3 indeed_feed_parse.py FILE
# Output: {"root": "source", "head": {"publisher": ..., "publisherurl": ..., "lastBuildDate": ...},
#          "jobs": {"<referencenumber>": {"tags": "title,date,...", "title": ..., ...}}, "count": N}
import gzip
import json
import sys
import xml.etree.ElementTree as ET

def main():
    data = open(sys.argv[1], 'rb').read()
    if data[:2] == b'\x1f\x8b':
        data = gzip.decompress(data)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        print(json.dumps({"error": str(e)}))
        return
    head = {}
    jobs = {}
    for child in root:
        if child.tag == 'job':
            job = {"tags": ",".join(c.tag for c in child)}
            for c in child:
                job[c.tag] = c.text or ""
            jobs[job.get("referencenumber", "")] = job
        else:
            head[child.tag] = child.text or ""
    print(json.dumps({"root": root.tag, "head": head, "jobs": jobs, "count": len(jobs)}, ensure_ascii=False))

main()

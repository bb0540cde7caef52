"""Run inside Pyodide (under Node) just before the pages' memory snapshot is written (tools/snapshot.mjs).

What a page does first is done here once, so that the snapshot holds it: the kit imported, a shipped
example ruled in both languages (the engines, the pictures, the catalogues read), a question written in
the page read and ruled, the tracker and the tag turn helper opened. Nothing of it stays behind but what
an import or a cache would keep anyway: the tracker the warm-up opened is dropped again.

Then the heap's free blocks are zeroed, so that the snapshot compresses well: Python frees what it no
longer needs, but the bytes stay in WebAssembly's memory until they are reused.
"""

import gc
import json

from rulings_lib import web

for lang in ("en", "ja"):
    for phone in (True, False):
        web.call("run_shipped", json.dumps({"id": "wrgp/power-bond-handover", "lang": lang, "phone": phone}))
        web.call("run_shipped", json.dumps({"id": "tag/both-draws-swap", "lang": lang, "phone": phone}))
    question = "format: wrgp\ntitle: warm up\nsteps:\n  - phase: main1\n  - damage: {by: A, to: opponent, amount: 100}\n"
    web.call("read_question", json.dumps({"text": question}))
    web.call("run_text", json.dumps({"text": question, "lang": lang, "phone": True}))
    web.call("tracker", json.dumps({"op": "open", "lang": lang, "phone": True}))
    web.call("tracker", json.dumps({"op": "press", "lang": lang, "phone": True, "button": "end_turn"}))
    web.call("tag_turn", json.dumps({"powers": {"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
                                     "lang": lang}))
web._tracker = None           # the page opens its own (with the match kept in the browser)
gc.collect()


def _zero_free_heap() -> int:
    """Fill the C heap's free blocks with zeros: calloc() clears each block it hands out, so take every
    free block (largest sizes first, never growing the heap: a block taken from the top chunk, or one
    the heap grew for, is given straight back), then free them all. Returns how many blocks were
    cleared."""
    import ctypes

    libc = ctypes.CDLL(None)

    class MallInfo(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]

    libc.mallinfo.restype = MallInfo
    libc.calloc.restype = ctypes.c_void_p
    libc.calloc.argtypes = [ctypes.c_size_t, ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    held = []
    for size in (1 << k for k in range(22, 3, -1)):
        while True:
            info = libc.mallinfo()
            if info.fordblks - info.keepcost < size:      # free bytes outside the top chunk
                break
            # A request no free block fits comes from the top chunk, or, when the top chunk is smaller
            # than it, grows the heap (WebAssembly's memory never shrinks: a 2 MB calloc made the
            # snapshot 6 MB larger than the memory a page starts with, so no page could restore it).
            # Only what the top chunk could give is asked for.
            if size > info.keepcost:
                break
            pointer = libc.calloc(1, size - 8)
            if not pointer:
                break
            after = libc.mallinfo()
            # From the top chunk (no free block this big), or from memory the heap had to grow for
            # (the top chunk then grows: the heap, and the snapshot, would be larger for nothing).
            if after.keepcost < info.keepcost or after.arena > info.arena:
                libc.free(pointer)
                break
            held.append(pointer)
    for pointer in held:
        libc.free(pointer)
    return len(held)


try:
    _zero_free_heap()
except (OSError, AttributeError):      # no C library to ask: the snapshot is only larger
    pass

"""The kit in the site's JupyterLite edition (build/site/lab/): imported when the lab's kernel starts,
by the lab's Python loader (site/js/lab-python.js; tools/build_lite.py ``KIT_START``).

What depends on being in the lab is done here, at every start of a kernel, not when the kit is first
imported: the lab's Python is restored from the pages' memory snapshot, made at build time under Node,
where the kit was imported already (and was not in a lab).

* viz.js, the diagrams' Graphviz, begins loading in the kernel's worker
  (:func:`rulings_lib.diagrams.rendering.start_viz_in_lite`).
"""

from .diagrams import rendering

rendering.start_viz_in_lite()

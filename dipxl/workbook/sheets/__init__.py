"""The sheets of a generated tournament workbook, one builder a module.

Each module's ``build`` fills one sheet (:mod:`~dipxl.workbook.writer`
creates the sheets and calls them in order); :mod:`.cells` holds what they
share: styles and the fast cell writers.  :mod:`.scored` builds the
values-only sheets of ``dipxl score``'s workbook.
"""

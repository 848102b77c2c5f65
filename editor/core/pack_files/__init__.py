"""Pack files: the ``.seastack`` archive, where packs are installed, and how they are found.

``archive`` builds a file from a pack folder (or a layout and the packs it uses),
``manifest`` is the list of files inside it, ``hardening`` opens an untrusted file into a
private staging folder, ``install`` checks, installs and removes packs, ``versions`` matches
version ranges, ``user_folders`` says where the user's data folder is, ``discovery`` which
packs a design can use, ``commands`` is ``seastack pack``. None of it names a game; see
docs/packs.md.
"""

# label: evasion
# family: private_attrs
# A module imported into a class body is a class attribute: self.shutil.os is read unjudged.
class Tools:
    import shutil  # want: SBX506

    def run(self, cmd):
        return self.shutil.os.system(cmd)


Tools().run("id")
